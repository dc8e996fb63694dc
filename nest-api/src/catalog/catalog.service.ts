import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ApiError } from '../common/errors';
import { catalogQuads, datasetQuads, serialise, type RdfFormat } from './catalog-rdf';
import { CatalogRepository } from './catalog.repository';
import { CATALOG_PAGE_SIZE, type CatalogQueryDto } from './dto/catalog-query.dto';

/** The open DCAT-AP-NL 3.0 catalogue: metadata of online datasets only, never their data (ADR 0046-a). */
@Injectable()
export class CatalogService {
  constructor(
    private readonly catalog: CatalogRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get base(): string {
    return this.config.publicUrl.replace(/\/$/, '');
  }

  async page(query: CatalogQueryDto, format: RdfFormat): Promise<string> {
    const size = query.size ?? CATALOG_PAGE_SIZE;
    const page = query.page ?? 1;
    const [rows, total] = await Promise.all([this.catalog.onlinePage(size, (page - 1) * size), this.catalog.onlineCount()]);
    return serialise(catalogQuads(this.base, rows, { page, size, total }), format, this.base);
  }

  async dataset(slug: string, format: RdfFormat): Promise<string> {
    const row = await this.catalog.onlineBySlug(slug);
    if (!row) throw ApiError.notFound();
    return serialise(datasetQuads(this.base, row), format, this.base);
  }
}
