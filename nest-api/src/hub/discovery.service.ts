import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { reportedCategories } from '@datahub/domain';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { Dataset } from '../datasets/dataset.entity';
import { HubDatasetStore } from '../dataset-data/hub-dataset-store.service';
import { datasetEvent } from '../events/event-builders';
import { EventsService } from '../events/events.service';
import { DatasourcesService } from '../datasources/datasources.service';
import { TimedJobs } from '../jobs/timed-jobs';
import { Metrics } from '../metrics/metrics';
import { uniqueSlug } from '../organizations/slug';
import { checkedBaseUrl, DEFAULT_PATTERNS, datasourceUrl, type PathKind } from './datasource-urls';
import { plainHttpAllowed } from './private-hosts';
import { OutboundClient } from './outbound';
import { signHubToken } from './protocol-tokens';

const TEXT_MAX = 5000;
/** Data sources checked at the same time in one round: one unresponsive host must not hold up the rest. */
const DISCOVERY_CONCURRENCY = 8;
const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, TEXT_MAX) : '');
/** A dataset's size as its metadata gives it: a whole number of triples, else unknown (null). */
const tripleCount = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
/** Two lists of categories present (null: unknown) as one comparable key. */
const categoriesKey = (categories: string[] | null) => (categories === null ? null : categories.join('\n'));

/** Raises the version of a dataset's data (the copies and kept answers of every API process are keyed by it). */
async function bumpCopyVersion(manager: EntityManager, datasetId: string): Promise<number> {
  const [row]: { version: number }[] = await manager.query(
    `INSERT INTO dataset_copy_versions (dataset_id, version) VALUES ($1, 1)
     ON CONFLICT (dataset_id) DO UPDATE SET version = dataset_copy_versions.version + 1 RETURNING version`,
    [datasetId],
  );
  return row.version;
}

/** Checks each data source's host and each dataset's metadata, on registration and periodically. */
@Injectable()
export class DiscoveryService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Discovery');
  private readonly client: OutboundClient;
  private running: Promise<void> | null = null;
  /** The latest discovery queued per data source: checks of one source never overlap (no stale status). */
  private readonly perSource = new Map<string, Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly datasources: DatasourcesService,
    private readonly store: HubDatasetStore,
    private readonly events: EventsService,
    private readonly timedJobs: TimedJobs,
    private readonly metrics: Metrics,
  ) {
    this.client = new OutboundClient({
      allowPrivate: config.allowPrivateHosts,
      privateHostsAllowed: config.privateHostsAllowed,
      connectTimeoutMs: 3000, totalTimeoutMs: 8000, maxBytes: 256 * 1024 });
  }

  /** A timed job, once per cluster; DISCOVERY_INTERVAL_SECONDS=0 turns it off (tests drive discovery themselves). */
  onModuleInit(): void {
    this.timedJobs.register({ name: 'discovery', intervalSeconds: this.config.discoveryIntervalSeconds, handler: () => this.discoverAll() });
  }

  async onModuleDestroy(): Promise<void> {
    await this.running?.catch(() => undefined);
    await Promise.allSettled(this.perSource.values());
    await this.client.close();
  }

  /** One round at a time; a round already under way is joined, not repeated. */
  discoverAll(): Promise<void> {
    this.running ??= (async () => {
      try {
        const rows: { id: string }[] = await this.dataSource.query('SELECT id FROM datasources ORDER BY created_at');
        const queue = rows.map((row) => row.id);
        const worker = async () => {
          for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
            await this.discoverDatasource(id).catch((error) => this.logger.warn(`${id}: ${(error as Error).message}`));
          }
        };
        await Promise.all(Array.from({ length: Math.min(DISCOVERY_CONCURRENCY, queue.length) }, worker));
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async patterns(datasourceId: string): Promise<Record<PathKind, string>> {
    const rows: { path: PathKind; pattern: string }[] = await this.dataSource.query(
      'SELECT path, pattern FROM datasource_path_overrides WHERE datasource_id = $1',
      [datasourceId],
    );
    return { ...DEFAULT_PATTERNS, ...Object.fromEntries(rows.map((row) => [row.path, row.pattern])) };
  }

  /** Checks one data source, after any check of it already under way. */
  discoverDatasource(datasourceId: string): Promise<void> {
    const previous = this.perSource.get(datasourceId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.checkDatasource(datasourceId));
    this.perSource.set(datasourceId, next);
    const forget = () => {
      if (this.perSource.get(datasourceId) === next) this.perSource.delete(datasourceId);
    };
    next.then(forget, forget);
    return next;
  }

  private async checkDatasource(datasourceId: string): Promise<void> {
    const [row] = await this.dataSource.query(
      `SELECT d.hostname, d.organization_id, o.slug AS organization_slug FROM datasources d JOIN organizations o ON o.id = d.organization_id WHERE d.id = $1`,
      [datasourceId],
    );
    if (!row) return;
    const datasets = await this.dataSource.getRepository(Dataset).find({ where: { datasourceId } });
    if (!row.hostname) return this.markOffline(datasets, row.organization_id);
    const patterns = await this.patterns(datasourceId);
    let base: string;
    try {
      base = checkedBaseUrl(row.hostname, patterns.host, plainHttpAllowed(this.config, row.hostname));
    } catch {
      return this.markOffline(datasets, row.organization_id);
    }
    const hostUp = await this.client.get(`${base}/`).then((r) => r.status === 200, () => false);
    await this.datasources.recordContact(datasourceId, hostUp);
    if (!hostUp) return this.markOffline(datasets, row.organization_id);
    const secret = await this.datasources.secretOf(datasourceId);
    if (!secret) return;
    for (const dataset of datasets) {
      const token = signHubToken(secret, { datasetId: dataset.id, organizationSlug: row.organization_slug, scopes: ['Dataset.ReadAll'] });
      try {
        const url = datasourceUrl(base, row.hostname, patterns.dataset_metadata, dataset.id);
        const response = await this.client.get(url, { authorization: `Bearer ${token}`, accept: 'application/json' });
        if (response.status !== 200) throw new Error(`metadata answered ${response.status}`);
        const metadata = JSON.parse(response.body.toString('utf8')) as Record<string, unknown>;
        await this.update(dataset, metadata, row.organization_id);
      } catch (error) {
        this.logger.debug(`${dataset.id}: ${(error as Error).message}`);
        await this.markOffline([dataset], row.organization_id);
      }
    }
  }

  private async update(dataset: Dataset, metadata: Record<string, unknown>, ownerId: string): Promise<void> {
    const name = text(metadata.name).trim() || dataset.name;
    // A changed description, or coming back online, may mean changed data: the hub's copy is fetched again.
    const categories = reportedCategories(metadata.categories);
    const described =
      name !== dataset.name || text(metadata.about) !== dataset.about || text(metadata.contact) !== dataset.contact ||
      text(metadata.additional_info) !== dataset.additionalInfo || tripleCount(metadata.triples) !== dataset.triples ||
      categoriesKey(categories) !== categoriesKey(dataset.categories);
    const changed = dataset.status !== 'online' || described;
    let version: number | undefined;
    let slug = dataset.slug;
    if (name && slug.startsWith('dataset-')) slug = await uniqueSlug((sql, parameters) => this.dataSource.query(sql, parameters), 'datasets', name, dataset.id);
    this.metrics.discovery.inc({ outcome: 'online' });
    const updated = await this.dataSource.transaction(async (manager) => {
      const previous = (await this.lockStatuses(manager, [dataset.id])).get(dataset.id);
      if (previous === undefined) return false; // deleted meanwhile
      await manager.getRepository(Dataset).update(
        { id: dataset.id },
        {
          name, slug, about: text(metadata.about), contact: text(metadata.contact), additionalInfo: text(metadata.additional_info), triples: tripleCount(metadata.triples), categories,
          status: 'online', checkedAt: new Date(), ...(described || !dataset.updatedAt ? { updatedAt: new Date() } : {}),
        },
      );
      if (previous !== 'online') await this.events.record(manager, datasetEvent('dataset.online', { ...dataset, name, slug }, ownerId));
      // The data's new version: every API process drops its copy and kept answers at its next query on it (issue 34).
      if (changed) version = await bumpCopyVersion(manager, dataset.id);
      return true;
    });
    if (changed) this.store.invalidate(dataset.id, version);
    // Online: its copy is loaded now, so that no query waits for the download and parse (ADR 0031).
    if (updated) this.store.warm(dataset.id);
  }

  /** The datasets' statuses, their rows locked until the transaction ends (a change is recorded once, in order). */
  private async lockStatuses(manager: EntityManager, ids: string[]): Promise<Map<string, string>> {
    const rows: { id: string; status: string }[] = await manager.query('SELECT id, status FROM datasets WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [ids]);
    return new Map(rows.map((row) => [row.id, row.status]));
  }

  private async markOffline(datasets: Dataset[], ownerId: string): Promise<void> {
    if (datasets.length === 0) return;
    this.metrics.discovery.inc({ outcome: 'offline' }, datasets.length);
    for (const dataset of datasets) this.store.invalidate(dataset.id);
    await this.dataSource.transaction(async (manager) => {
      const statuses = await this.lockStatuses(manager, datasets.map((d) => d.id));
      await manager.query('UPDATE datasets SET status = $2, checked_at = now() WHERE id = ANY($1::uuid[])', [datasets.map((d) => d.id), 'offline']);
      for (const dataset of datasets.filter((d) => statuses.get(d.id) === 'online')) await this.events.record(manager, datasetEvent('dataset.offline', dataset, ownerId));
    });
  }
}
