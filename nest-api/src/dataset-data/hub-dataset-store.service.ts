import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DatasetCache, DatasetTooLargeError, SparqlEngine, type CacheOutcome, type FetchedData } from '@datahub/sparql';
import type { DatasetScope } from '@datahub/domain';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { Metrics } from '../metrics/metrics';
import { DatasetsRepository } from '../datasets/datasets.repository';
import { DatasourcesRepository } from '../datasources/datasources.repository';
import { DatasourcesService } from '../datasources/datasources.service';
import { checkedBaseUrl, DEFAULT_PATTERNS, datasourceUrl, ForeignOriginError } from '../hub/datasource-urls';
import { plainHttpAllowed } from '../hub/private-hosts';
import { OutboundClient, OutboundError } from '../hub/outbound';
import { signHubToken } from '../hub/protocol-tokens';
import { CONNECTION_BASE, CONNECTION_HOST, DatasourceTransport } from '../hub/connections/datasource-transport';

export class DatasourceUnavailableError extends Error {}

const EVERYTHING = 'CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }';

/** Fetched once with a ReadAll hub token (the dump, else a CONSTRUCT of everything) and kept in the worker pool (ADR 0007). */
@Injectable()
export class HubDatasetStore implements OnModuleDestroy {
  private readonly logger = new Logger('HubDatasetStore');
  readonly engine: SparqlEngine;
  readonly cache: DatasetCache;
  private readonly client: OutboundClient;
  /** For queries forwarded to a data source: answers (capped rows, at most SPARQL_MAX_ANSWER_MB) rather than whole datasets. */
  readonly forwardClient: OutboundClient;
  /** Streamed through, never held; an hour at most. */
  private readonly downloadClient: OutboundClient;
  /** The data version (raised by discovery) this process's copy and kept answers reflect at least. */
  private readonly copyVersions = new Map<string, number>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly datasets: DatasetsRepository,
    private readonly datasourceRows: DatasourcesRepository,
    private readonly datasources: DatasourcesService,
    private readonly transport: DatasourceTransport,
    metrics: Metrics,
  ) {
    const { sparql } = config;
    this.engine = new SparqlEngine({
      workers: sparql.workers,
      deadlineMs: sparql.deadlineMs,
      maxRows: sparql.maxRows,
      replicateMaxBytes: Math.floor(sparql.replicateMb * 1024 * 1024),
      maxRssMb: sparql.maxRssMb,
      queryMemoryMb: sparql.queryMemoryMb,
      maxAnswerBytes: Math.floor(sparql.maxAnswerMb * 1024 * 1024),
      maxRunningPerGroup: sparql.maxRunningPerOrganization,
      resultCacheMb: sparql.resultCacheMb,
    });
    this.cache = new DatasetCache(this.engine, { maxBytes: Math.floor(sparql.cacheMb * 1024 * 1024), ttlMs: sparql.cacheTtlSeconds * 1000 });
    // Whole datasets: a longer total timeout, and the size cap one above the memory bound (so 'too large' is seen).
    this.client = new OutboundClient({
      allowPrivate: config.allowPrivateHosts,
      privateHostsAllowed: config.privateHostsAllowed,
      connectTimeoutMs: 3000,
      totalTimeoutMs: 120_000,
      maxBytes: Math.floor(sparql.cacheMb * 1024 * 1024) + 1,
    });
    this.forwardClient = new OutboundClient({
      allowPrivate: config.allowPrivateHosts,
      privateHostsAllowed: config.privateHostsAllowed,
      connectTimeoutMs: 3000,
      totalTimeoutMs: sparql.deadlineMs + 5000,
      maxBytes: Math.floor(sparql.maxAnswerMb * 1024 * 1024),
    });
    this.downloadClient = new OutboundClient({
      allowPrivate: config.allowPrivateHosts,
      privateHostsAllowed: config.privateHostsAllowed,
      connectTimeoutMs: 3000,
      totalTimeoutMs: 3600_000,
    });
    this.metrics = metrics;
    metrics.onCollect(() => this.collectMetrics());
  }

  private readonly metrics: Metrics;

  private collectMetrics(): void {
    const stats = this.engine.stats();
    this.metrics.sparqlQueueDepth.set(stats.queued);
    this.metrics.sparqlWorkers.set({ state: 'busy' }, stats.busy);
    this.metrics.sparqlWorkers.set({ state: 'idle' }, stats.ready - stats.busy);
    this.metrics.sparqlWaits.set(stats.waited);
    this.metrics.sparqlDeadlineHits.set(stats.deadlineHits);
    this.metrics.sparqlRestarts.set(stats.restarts);
    this.metrics.datasetCacheBytes.set(this.cache.usedBytes());
  }

  async onModuleDestroy(): Promise<void> {
    await this.engine.close();
    await this.client.close();
    await this.forwardClient.close();
    await this.downloadClient.close();
  }

  invalidate(datasetId: string, version?: number): void {
    this.cache.invalidate(datasetId);
    if (version !== undefined) this.copyVersions.set(datasetId, Math.max(version, this.copyVersions.get(datasetId) ?? 0));
  }

  /** A copy and answers from before are dropped here, whichever process saw the change. */
  observeVersion(datasetId: string, version: number): void {
    const held = this.copyVersions.get(datasetId);
    if (held !== undefined && held >= version) return;
    // Unknown here: nothing is held from before (every fetch records the version it read first).
    if (held !== undefined) this.cache.invalidate(datasetId);
    this.copyVersions.set(datasetId, version);
  }

  /** Before anyone queries it (ADR 0031), unless SPARQL_WARM_COPIES=false or the cache declines. */
  warm(datasetId: string): void {
    if (!this.config.sparql.warmCopies) return;
    this.cache.warm(datasetId, this.fetcher(datasetId))?.catch((error: Error) => this.logger.warn(`${datasetId}: copy not loaded ahead: ${error.message}`));
  }

  /** Loads the dataset's copy if needed; 'too_large' means: query it where it lives. */
  async ensure(datasetId: string): Promise<CacheOutcome> {
    const outcome = await this.cache.ensure(datasetId, this.fetcher(datasetId));
    this.metrics.datasetCache.inc({ outcome });
    const cut = outcome === 'too_large' ? this.cache.incomplete.get(datasetId) : undefined;
    if (cut) this.logger.warn(`${datasetId}: the copy held ${cut.loaded} of the ${cut.declared} triples declared; queried at the data source`);
    return outcome;
  }

  private fetcher(datasetId: string): () => Promise<FetchedData> {
    return async (): Promise<FetchedData> => {
      const started = Date.now();
      // A copy with fewer triples than declared is cut and not kept; the version is read first, so the copy holds it or newer.
      const declared = await this.datasets.copyState(datasetId);
      const triples = declared?.triples ?? null;
      if (declared) this.copyVersions.set(datasetId, Math.max(declared.version, this.copyVersions.get(datasetId) ?? 0));
      let dump;
      try {
        dump = await this.requestDataset(datasetId, { dump: true }, ['Dataset.ReadAll'], null, 'text/turtle');
      } catch (error) {
        // A dump that broke off (the data source stops one its store cut) is no copy: query at the source.
        if (error instanceof DatasourceUnavailableError) throw new DatasetTooLargeError(`the dump did not arrive whole: ${error.message}`);
        throw error;
      }
      if (dump.status === 200) {
        if (dump.truncated) throw new DatasetTooLargeError('the data source cut its dump off');
        this.logger.log(`${datasetId}: dump of ${dump.body.length} bytes in ${Date.now() - started} ms`);
        return { data: dump.body, format: 'turtle', triples };
      }
      // A data source without the dump call: the CONSTRUCT of everything, N-Triples preferred (faster to parse).
      const response = await this.callDataset(datasetId, EVERYTHING, ['Dataset.ReadAll'], null, 'application/n-triples, text/turtle;q=0.5');
      // Cut off at the data source's own triple cap: not the whole dataset, so it is queried where it lives.
      if (response.truncated) throw new DatasetTooLargeError('the data source cut the dataset off');
      this.logger.log(`${datasetId}: fetched ${response.body.length} bytes in ${Date.now() - started} ms`);
      return { data: response.body, format: response.contentType.startsWith('application/n-triples') ? 'ntriples' : 'turtle', triples };
    };
  }

  /** `organizationSlug` null: the owner, for the hub's own copy. */
  callDataset(
    datasetId: string,
    query: string,
    scopes: DatasetScope[],
    organizationSlug: string | null,
    accept: string,
    client: OutboundClient = this.client,
  ): Promise<{ status: number; body: Buffer; contentType: string; truncated: boolean }> {
    return this.requestDataset(datasetId, { query }, scopes, organizationSlug, accept, client);
  }

  private async target(
    datasetId: string,
    what: { query: string } | { dump: true },
    scopes: DatasetScope[],
    organizationSlug: string | null,
  ): Promise<{ url: string; token: string; datasourceId: string }> {
    const found = await this.datasets.withOwner(datasetId);
    const row = found && { datasource_id: found.datasource_id, hostname: found.datasource_hostname, owner_slug: found.owner_slug };
    if (!row) throw new DatasourceUnavailableError('the data source has no host');
    const overrides = await this.datasourceRows.pathOverrides(row.datasource_id);
    const patterns = { ...DEFAULT_PATTERNS, ...Object.fromEntries(overrides.map((o) => [o.path, o.pattern])) };
    const secret = await this.datasources.secretOf(row.datasource_id);
    if (!secret) throw new DatasourceUnavailableError('the data source has no secret');
    let url: string;
    try {
      // Without a host: reached over its own connection to the hub, at the protocol's default paths.
      const base = row.hostname ? checkedBaseUrl(row.hostname, patterns.host, plainHttpAllowed(this.config, row.hostname)) : CONNECTION_BASE;
      const dataset = datasourceUrl(base, row.hostname ?? CONNECTION_HOST, row.hostname ? patterns.dataset : DEFAULT_PATTERNS.dataset, datasetId);
      url = 'dump' in what ? `${dataset.replace(/\/$/, '')}/dump` : `${dataset}?sparql_query=${encodeURIComponent(what.query)}`;
    } catch (error) {
      if (error instanceof ForeignOriginError) throw new DatasourceUnavailableError(error.message);
      throw error;
    }
    return { url, datasourceId: row.datasource_id, token: signHubToken(secret, { datasetId, organizationSlug: organizationSlug ?? row.owner_slug, scopes }) };
  }

  async streamDataset(datasetId: string, what: { query: string } | { dump: true }, scopes: DatasetScope[], organizationSlug: string | null, accept: string): Promise<{ status: number; body: Readable; contentType: string; truncated: boolean }> {
    const { url, token, datasourceId } = await this.target(datasetId, what, scopes, organizationSlug);
    try {
      return await this.transport.stream(datasourceId, url, { authorization: `Bearer ${token}`, accept }, this.downloadClient);
    } catch (error) {
      throw new DatasourceUnavailableError((error as Error).message);
    }
  }

  private async requestDataset(
    datasetId: string,
    what: { query: string } | { dump: true },
    scopes: DatasetScope[],
    organizationSlug: string | null,
    accept: string,
    client: OutboundClient = this.client,
  ): Promise<{ status: number; body: Buffer; contentType: string; truncated: boolean }> {
    const { url, token, datasourceId } = await this.target(datasetId, what, scopes, organizationSlug);
    let response;
    try {
      response = await this.transport.get(datasourceId, url, { authorization: `Bearer ${token}`, accept }, client);
    } catch (error) {
      if (error instanceof OutboundError && error.message.includes('too large')) throw new DatasetTooLargeError(error.message);
      throw new DatasourceUnavailableError((error as Error).message);
    }
    if (response.status !== 200 && organizationSlug === null && !('dump' in what)) {
      throw new DatasourceUnavailableError(`the data source answered ${response.status}`);
    }
    return response;
  }
}
