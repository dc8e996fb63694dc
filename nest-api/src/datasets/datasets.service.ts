import { Inject, Injectable } from '@nestjs/common';
import { isOnline } from '@datahub/domain';
import { etagOf } from '@datahub/domain/server';
import { ChangeNotifications } from '../cache/change-notifications';
import { catalogueChange } from '../cache/changes';
import type { KeptCache } from '../cache/kept-cache';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { toDatasetView, type DatasetView } from './dataset.view';
import { DatasetsRepository } from './datasets.repository';
import { likePattern, type CatalogueQueryDto } from './dto/catalogue-query.dto';

export interface CataloguePage {
  json: string;
  etag: string;
}

/** Online datasets are visible to every signed-in user, all of its own to the owner organisation (access-model.md). */
@Injectable()
export class DatasetsService {
  private readonly catalogue: KeptCache<CataloguePage>;

  constructor(
    private readonly datasets: DatasetsRepository,
    changes: ChangeNotifications,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.catalogue = changes.kept<CataloguePage>({ max: config.cacheEntries.cataloguePages, drops: catalogueChange });
  }

  /** From memory while nothing it shows has changed. */
  onlinePage(page: CatalogueQueryDto = {}): Promise<CataloguePage> {
    const key = JSON.stringify([page.q ?? null, page.limit ?? null, page.offset ?? null, page.quality ?? null]);
    return this.catalogue.load(key, async () => {
      const json = JSON.stringify(await this.online(page));
      return { json, etag: etagOf(json) };
    });
  }

  async online(page: CatalogueQueryDto = {}): Promise<DatasetView[]> {
    const pattern = page.q?.trim() ? likePattern(page.q) : undefined;
    return (await this.datasets.online({ pattern, limit: page.limit, offset: page.offset, quality: page.quality })).map(toDatasetView);
  }

  async mine(actor: AuthenticatedUser): Promise<DatasetView[]> {
    return (await this.datasets.ofOrganizationId(actor.organizationId)).map(toDatasetView);
  }

  /** Another organisation's: the online ones; your own (or as admin): all. */
  async ofOrganization(actor: AuthenticatedUser, slug: string): Promise<DatasetView[]> {
    const own = actor.organizationSlug === slug;
    return (await this.datasets.ofOrganizationSlug(slug, !own && !actor.organizationAdmin)).map(toDatasetView);
  }

  async bySlug(actor: AuthenticatedUser, slug: string): Promise<DatasetView> {
    const dataset = await this.datasets.entryBySlug(slug);
    if (!dataset) throw ApiError.notFound();
    const visible = isOnline(dataset) || dataset.owner_id === actor.organizationId || actor.organizationAdmin;
    if (!visible) throw ApiError.notFound();
    return toDatasetView(dataset);
  }
}
