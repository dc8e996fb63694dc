import { LRUCache } from 'lru-cache';
import { etagOf } from '@datahub/domain/server';
import type { SessionCache } from '../auth/session-cache';
import type { DatasetView } from './dataset.view';

/** An answer of GET /api/datasets as sent: its JSON and the ETag naming it. */
export interface CataloguePage {
  json: string;
  etag: string;
}

/**
 * The catalogue listing (the plain list and each q/limit/offset page) kept in memory, forgotten as
 * soon as the database says a dataset, data source or organisation changed (triggers of migrations
 * SessionNotifications and CatalogueNotifications, on the session cache's listening connection).
 * Without that connection nothing is kept. A read that started before a change does not store its
 * (maybe stale) answer.
 */
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
