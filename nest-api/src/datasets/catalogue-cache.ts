import { LRUCache } from 'lru-cache';
import { etagOf } from '@datahub/domain/server';
import type { SessionCache } from '../auth/session-cache';
import type { DatasetView } from './dataset.view';

export interface CataloguePage {
  json: string;
  etag: string;
}

// Forgotten as soon as the database says a dataset, data source or organisation changed (notification triggers); without that
// connection nothing is kept, and a read started before a change does not store its answer.
export class CatalogueCache {
  private readonly pages: LRUCache<string, CataloguePage>;
  private generation = 0;

  constructor(
    private readonly notifications: SessionCache,
    maxPages: number,
  ) {
    this.pages = new LRUCache({ max: maxPages });
    notifications.subscribe((kind) => {
      if (kind === 'catalogue' || kind === 'organization' || kind === 'all') this.forget();
    });
  }

  private forget(): void {
    this.generation += 1;
    this.pages.clear();
  }

  async get(key: string, load: () => Promise<DatasetView[]>): Promise<CataloguePage> {
    const known = this.notifications.listeningForChanges ? this.pages.get(key) : undefined;
    if (known) return known;
    const generation = this.generation;
    const json = JSON.stringify(await load());
    const page = { json, etag: etagOf(json) };
    if (this.notifications.listeningForChanges && generation === this.generation) {
      this.pages.set(key, page);
    }
    return page;
  }
}
