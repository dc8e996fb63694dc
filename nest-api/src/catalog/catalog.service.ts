import { Inject, Injectable } from '@nestjs/common';
import { ChangeNotifications } from '../cache/change-notifications';
import { catalogueChange } from '../cache/changes';
import type { KeptCache } from '../cache/kept-cache';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ApiError } from '../common/errors';
import { catalogQuads, datasetQuads, serialise, type RdfFormat } from './catalog-rdf';
import { CatalogRepository } from './catalog.repository';
import { CATALOG_PAGE_SIZE, type CatalogQueryDto } from './dto/catalog-query.dto';

/** The open DCAT-AP-NL 3.0 catalogue: metadata of online datasets only, never their data (ADR 0051, open catalogue). */
@Injectable()
export class CatalogService {
  /** Harvesters read the same pages again and again: kept per page and format while catalogue notifications are heard, forgotten on any change. */
  private readonly answers: KeptCache<string>;
  /** Answers are built one at a time: anyone may ask, and a page of 1,000 costs a few hundred ms of CPU. */
  private building: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly catalog: CatalogRepository,
    changes: ChangeNotifications,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.answers = changes.kept<string>({ max: Math.max(1, config.cacheEntries.cataloguePages), drops: catalogueChange });
  }

  private get base(): string {
    return this.config.publicUrl.replace(/\/$/, '');
  }

  private async kept(key: string, make: () => Promise<string>): Promise<string> {
    const known = this.answers.get(key);
    if (known !== undefined) return known;
    const mark = this.answers.mark();
    // Whoever waited behind a build of the same answer takes the kept one.
    const build = () => this.answers.get(key) ?? make();
    const turn = this.building.then(build, build);
    this.building = turn.catch(() => undefined);
    const answer = await turn;
    this.answers.set(key, answer, mark);
    return answer;
  }

  page(query: CatalogQueryDto, format: RdfFormat): Promise<string> {
    const size = query.size ?? CATALOG_PAGE_SIZE;
    const page = query.page ?? 1;
    return this.kept(`page ${page} ${size} ${format}`, async () => {
      const [rows, total] = await Promise.all([this.catalog.onlinePage(size, (page - 1) * size), this.catalog.onlineCount()]);
      return serialise(catalogQuads(this.base, rows, { page, size, total }), format, this.base);
    });
  }

  dataset(slug: string, format: RdfFormat): Promise<string> {
    return this.kept(`dataset ${slug} ${format}`, async () => {
      const row = await this.catalog.onlineBySlug(slug);
      if (!row) throw ApiError.notFound();
      return serialise(datasetQuads(this.base, row), format, this.base);
    });
  }
}
