import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { SessionCache } from '../auth/session-cache';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { CatalogueCache, type CataloguePage } from './catalogue-cache';
import { Dataset } from './dataset.entity';
import { toDatasetView, type DatasetView } from './dataset.view';
import { FOLD_PARAMETERS, foldedSql, likePattern, type CatalogueQueryDto } from './dto/catalogue-query.dto';

/**
 * Catalogue metadata is visible to every signed-in user for online datasets, and to the owner
 * organisation for all of its own (access-model.md).
 */
@Injectable()
export class DatasetsService {
  private readonly catalogue: CatalogueCache;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    sessions: SessionCache,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.catalogue = new CatalogueCache(sessions, config.cacheEntries.cataloguePages);
  }

  private query(): SelectQueryBuilder<Dataset> {
    return this.dataSource
      .getRepository(Dataset)
      .createQueryBuilder('dataset')
      .innerJoinAndSelect('dataset.datasource', 'datasource')
      .innerJoinAndSelect('datasource.organization', 'organization')
      .orderBy('lower(dataset.name)')
      .addOrderBy('dataset.slug');
  }

  /** The catalogue answer as sent, from memory while nothing it shows has changed. */
  onlinePage(page: CatalogueQueryDto = {}): Promise<CataloguePage> {
    return this.catalogue.get(JSON.stringify([page.q ?? null, page.limit ?? null, page.offset ?? null]), () => this.online(page));
  }

  async online(page: CatalogueQueryDto = {}): Promise<DatasetView[]> {
    const query = this.query().where("dataset.status = 'online'");
    if (page.q?.trim()) {
      const matches = ['dataset.name', 'dataset.about', 'organization.name'].map((column) => `${foldedSql(column)} LIKE :pattern ESCAPE '\\'`);
      query.andWhere(`(${matches.join(' OR ')})`, { pattern: likePattern(page.q), ...FOLD_PARAMETERS });
    }
    // Joins are one-to-one here (dataset → data source → organisation): offset/limit count datasets.
    if (page.offset) query.offset(page.offset);
    if (page.limit) query.limit(page.limit);
    return (await query.getMany()).map(toDatasetView);
  }

  async mine(actor: AuthenticatedUser): Promise<DatasetView[]> {
    return (await this.query().where('organization.id = :id', { id: actor.organizationId }).getMany()).map(toDatasetView);
  }

  /** Another organisation's datasets: the online ones; your own (or as admin): all. */
  async ofOrganization(actor: AuthenticatedUser, slug: string): Promise<DatasetView[]> {
    const query = this.query().where('organization.slug = :slug', { slug });
    const own = actor.organizationSlug === slug;
    if (!own && !actor.organizationAdmin) query.andWhere("dataset.status = 'online'");
    return (await query.getMany()).map(toDatasetView);
  }

  async bySlug(actor: AuthenticatedUser, slug: string): Promise<DatasetView> {
    const dataset = await this.query().where('dataset.slug = :slug', { slug }).getOne();
    if (!dataset) throw ApiError.notFound();
    const visible = dataset.status === 'online' || dataset.datasource.organizationId === actor.organizationId || actor.organizationAdmin;
    if (!visible) throw ApiError.notFound();
    return toDatasetView(dataset);
  }
}
