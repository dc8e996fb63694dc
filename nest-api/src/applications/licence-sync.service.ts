import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { OutboundClient } from '../hub/outbound';
import { TimedJobs } from '../jobs/timed-jobs';
import { ApplicationsRepository, type LicenceRow } from './applications.repository';

const SYNC_CONCURRENCY = 4;
/** The outbound client's cap; a larger list is refused whole. */
const LICENCE_LIST_MAX_BYTES = 1024 * 1024;
const MAX_ROWS = 10_000;

/** Zone-less timestamps, as the example list has, are UTC. */
function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) || !value.includes('T') ? value : `${value}Z`;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(withZone) ? `${withZone}T00:00:00Z` : withZone);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Only rows for that application and existing organisations are kept; a failed fetch keeps the licences known so far.
@Injectable()
export class LicenceSyncService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Licences');
  private readonly client: OutboundClient;
  private running: Promise<void> | null = null;
  /** So syncs of one application never overlap. */
  private readonly perApplication = new Map<string, Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly applications: ApplicationsRepository,
    private readonly timedJobs: TimedJobs,
  ) {
    this.client = new OutboundClient({
      allowPrivate: config.allowPrivateHosts,
      privateHostsAllowed: config.privateHostsAllowed,
      connectTimeoutMs: 3000, totalTimeoutMs: 8000, maxBytes: LICENCE_LIST_MAX_BYTES });
  }

  /** DISCOVERY_INTERVAL_SECONDS=0 turns it off (tests drive syncs themselves). */
  onModuleInit(): void {
    this.timedJobs.register({ name: 'licence-sync', intervalSeconds: this.config.discoveryIntervalSeconds, handler: () => this.syncAll() });
  }

  async onModuleDestroy(): Promise<void> {
    await this.running?.catch(() => undefined);
    await Promise.allSettled(this.perApplication.values());
    await this.client.close();
  }

  syncAll(): Promise<void> {
    this.running ??= (async () => {
      try {
        const queue = await this.applications.withLicenceServer();
        const worker = async () => {
          // A sync of the application already under way (say, on save) counts for this round.
          for (let id = queue.shift(); id !== undefined; id = queue.shift()) await (this.perApplication.get(id) ?? this.sync(id));
        };
        await Promise.all(Array.from({ length: Math.min(SYNC_CONCURRENCY, queue.length) }, worker));
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** After any sync of it already under way; never rejects, failures are logged. */
  sync(applicationId: string): Promise<void> {
    const previous = this.perApplication.get(applicationId) ?? Promise.resolve();
    const next = previous.then(() => this.syncNow(applicationId)).catch((error) => this.logger.warn(`${applicationId}: ${(error as Error).message}`));
    this.perApplication.set(applicationId, next);
    void next.then(() => {
      if (this.perApplication.get(applicationId) === next) this.perApplication.delete(applicationId);
    });
    return next;
  }

  private async syncNow(applicationId: string): Promise<void> {
    const application = await this.applications.licenceSource(applicationId);
    if (!application) return;
    if (!application.url_licence_server) return this.applications.replaceLicences(applicationId, []);
    const response = await this.client.get(`${application.url_licence_server}/licences`, { accept: 'application/json' });
    if (response.status !== 200) throw new Error(`licence server answered ${response.status}`);
    const list: unknown = JSON.parse(response.body.toString('utf8'));
    if (!Array.isArray(list)) throw new Error('licence server did not answer a list');
    const rows = await this.keep(list, application.slug);
    await this.dataSource.transaction((manager) => this.applications.replaceLicences(applicationId, rows, manager));
  }

  private async keep(list: unknown[], applicationSlug: string): Promise<LicenceRow[]> {
    const candidates = list
      .slice(0, MAX_ROWS)
      .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
      .filter((entry) => entry.application_slug === applicationSlug)
      .filter((entry) => typeof entry.organization_slug === 'string');
    const slugs = [...new Set(candidates.map((entry) => entry.organization_slug as string))];
    const organizations = slugs.length ? await this.applications.licensees(slugs) : [];
    const bySlug = new Map(organizations.map((organization) => [organization.slug, organization.id]));
    const rows: LicenceRow[] = [];
    for (const entry of candidates) {
      const organizationId = bySlug.get(entry.organization_slug as string);
      const endDate = parseDate(entry.end_date);
      if (organizationId && endDate) rows.push({ organizationId, startDate: parseDate(entry.start_date), endDate });
    }
    return rows;
  }
}
