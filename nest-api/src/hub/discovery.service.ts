import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isOnline, ONLINE, reportedCategories } from '@datahub/domain';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { DatasetsRepository, type RegisteredDataset } from '../datasets/datasets.repository';
import { DatasourcesRepository } from '../datasources/datasources.repository';
import { DatasetQualityRepository } from '../quality/quality.repository';
import { reportedQuality } from '../quality/reported-quality';
import { HubDatasetStore } from '../dataset-data/hub-dataset-store.service';
import { datasetEvent } from '../events/event-builders';
import { EventsService } from '../events/events.service';
import { DatasourcesService } from '../datasources/datasources.service';
import { TimedJobs } from '../jobs/timed-jobs';
import { Metrics } from '../metrics/metrics';
import { checkedBaseUrl, DEFAULT_PATTERNS, datasourceUrl, type PathKind } from './datasource-urls';
import { plainHttpAllowed } from './private-hosts';
import { OutboundClient } from './outbound';
import { signHubToken } from './protocol-tokens';
import { CONNECTION_BASE, CONNECTION_HOST, DatasourceTransport } from './connections/datasource-transport';

const TEXT_MAX = 5000;
/** Data sources checked at the same time in one round: one unresponsive host must not hold up the rest. */
const DISCOVERY_CONCURRENCY = 8;
const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, TEXT_MAX) : '');
const tripleCount = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
const categoriesKey = (categories: string[] | null) => (categories === null ? null : categories.join('\n'));

const eventSubject = (dataset: Pick<RegisteredDataset, 'id' | 'name' | 'slug' | 'datasource_id'>) => ({ id: dataset.id, name: dataset.name, slug: dataset.slug, datasourceId: dataset.datasource_id });

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
    private readonly datasets: DatasetsRepository,
    private readonly datasourceRows: DatasourcesRepository,
    private readonly datasources: DatasourcesService,
    private readonly store: HubDatasetStore,
    private readonly events: EventsService,
    private readonly timedJobs: TimedJobs,
    private readonly metrics: Metrics,
    private readonly transport: DatasourceTransport,
    private readonly quality: DatasetQualityRepository,
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
        const queue = await this.datasourceRows.ids();
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
    const rows = await this.datasourceRows.pathOverrides(datasourceId);
    return { ...DEFAULT_PATTERNS, ...Object.fromEntries(rows.map((row) => [row.path, row.pattern])) };
  }

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
    const row = await this.datasourceRows.host(datasourceId);
    if (!row) return;
    const datasets = await this.datasets.registeredOf(datasourceId);
    if (!row.hostname && !(await this.transport.connected(datasourceId))) return this.markOffline(datasets, row.organization_id);
    const patterns = row.hostname ? await this.patterns(datasourceId) : DEFAULT_PATTERNS;
    let base: string;
    try {
      base = row.hostname ? checkedBaseUrl(row.hostname, patterns.host, plainHttpAllowed(this.config, row.hostname)) : CONNECTION_BASE;
    } catch {
      return this.markOffline(datasets, row.organization_id);
    }
    const hostUp = await this.transport.get(datasourceId, `${base}/`, {}, this.client).then((r) => r.status === 200, () => false);
    await this.datasources.recordContact(datasourceId, hostUp);
    if (!hostUp) return this.markOffline(datasets, row.organization_id);
    const secret = await this.datasources.secretOf(datasourceId);
    if (!secret) return;
    for (const dataset of datasets) {
      const token = signHubToken(secret, { datasetId: dataset.id, organizationSlug: row.organization_slug, scopes: ['Dataset.ReadAll'] });
      try {
        const url = datasourceUrl(base, row.hostname ?? CONNECTION_HOST, patterns.dataset_metadata, dataset.id);
        const response = await this.transport.get(datasourceId, url, { authorization: `Bearer ${token}`, accept: 'application/json' }, this.client);
        if (response.status !== 200) throw new Error(`metadata answered ${response.status}`);
        const metadata = JSON.parse(response.body.toString('utf8')) as Record<string, unknown>;
        await this.update(dataset, metadata, row.organization_id);
      } catch (error) {
        this.logger.debug(`${dataset.id}: ${(error as Error).message}`);
        await this.markOffline([dataset], row.organization_id);
      }
    }
  }

  private async update(dataset: RegisteredDataset, metadata: Record<string, unknown>, ownerId: string): Promise<void> {
    const name = text(metadata.name).trim() || dataset.name;
    // A changed description, or coming back online, may mean changed data: the hub's copy is fetched again.
    const categories = reportedCategories(metadata.categories);
    const described =
      name !== dataset.name || text(metadata.about) !== dataset.about || text(metadata.contact) !== dataset.contact ||
      text(metadata.additional_info) !== dataset.additional_info || tripleCount(metadata.triples) !== dataset.triples ||
      categoriesKey(categories) !== categoriesKey(dataset.categories);
    const changed = !isOnline(dataset) || described;
    let version: number | undefined;
    let slug = dataset.slug;
    if (name && slug.startsWith('dataset-')) slug = await this.datasets.uniqueSlug(name, dataset.id);
    this.metrics.discovery.inc({ outcome: 'online' });
    const updated = await this.dataSource.transaction(async (manager) => {
      const previous = (await this.datasets.lockStatuses([dataset.id], manager)).get(dataset.id);
      if (previous === undefined) return false; // deleted meanwhile
      await this.datasets.describeOnline(
        dataset.id,
        { name, slug, about: text(metadata.about), contact: text(metadata.contact), additionalInfo: text(metadata.additional_info), triples: tripleCount(metadata.triples), categories },
        new Date(),
        described || !dataset.updated_at ? new Date() : null,
        manager,
      );
      if (previous !== ONLINE) await this.events.record(manager, datasetEvent('dataset.online', eventSubject({ ...dataset, name, slug }), ownerId));
      // The data's new version: every API process drops its copy and kept answers at its next query on it.
      if (changed) version = await this.datasets.bumpCopyVersion(dataset.id, manager);
      return true;
    });
    // The data source's quality summary, when well-formed; an old one stays.
    const quality = reportedQuality(metadata.quality);
    if (updated && quality) await this.quality.record(dataset.id, quality);
    if (changed) this.store.invalidate(dataset.id, version);
    // Online: its copy is loaded now, so that no query waits for the download and parse (ADR 0031).
    if (updated) this.store.warm(dataset.id);
  }

  private async markOffline(datasets: RegisteredDataset[], ownerId: string): Promise<void> {
    if (datasets.length === 0) return;
    this.metrics.discovery.inc({ outcome: 'offline' }, datasets.length);
    for (const dataset of datasets) this.store.invalidate(dataset.id);
    await this.dataSource.transaction(async (manager) => {
      const statuses = await this.datasets.lockStatuses(datasets.map((d) => d.id), manager);
      await this.datasets.markOffline(datasets.map((d) => d.id), manager);
      for (const dataset of datasets.filter((d) => statuses.get(d.id) === ONLINE)) await this.events.record(manager, datasetEvent('dataset.offline', eventSubject(dataset), ownerId));
    });
  }
}
