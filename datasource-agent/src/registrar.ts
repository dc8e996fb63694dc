/** The hub may be down or not built yet: failures are logged and retried with exponential backoff, never fatal. */
import type { Logger } from './log';
import type { AgentState } from './state';
import type { DatasetEvent, DatasetManager } from './datasets';
import { HubError, type HubClient } from './hub-client';

interface RegistrarOptions {
  client: HubClient;
  manager: DatasetManager;
  state: AgentState;
  log: Logger;
  hostname?: string;
  initialRetryMs?: number;
  maxRetryMs?: number;
  resyncIntervalMs?: number;
}

export class Registrar {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private failures = 0;
  private stopped = false;
  private lastError?: string;
  private readonly onDataset = (event: DatasetEvent) => this.handle(event);

  constructor(private readonly options: RegistrarOptions) {}

  start(): void {
    this.options.manager.on('dataset', this.onDataset);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.options.manager.off('dataset', this.onDataset);
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  status(): { ok: boolean; failures: number; last_error?: string } {
    return { ok: this.failures === 0 && this.lastError === undefined, failures: this.failures, ...(this.lastError ? { last_error: this.lastError } : {}) };
  }

  private handle(event: DatasetEvent): void {
    if (event.type === 'removed') {
      this.options.state.addPendingDelete(event.dataset.id);
    } else if (event.type === 'added') {
      // An id that comes back is registered again, not deleted.
      this.options.state.removePendingDelete(event.dataset.id);
    } else {
      return; // content/metadata changes: the hub pulls metadata itself
    }
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.sync().then((nextDelayMs) => {
        this.running = undefined;
        // Changes noticed during the attempt: try again at once, unless the hub is failing.
        if (this.again && this.failures === 0) this.schedule(0);
        else this.schedule(nextDelayMs);
        this.again = false;
      });
    }, delayMs);
    this.timer.unref();
  }

  /** Resolves with the delay until the next one; never rejects. */
  private async sync(): Promise<number> {
    const { client, manager, state, log } = this.options;
    try {
      const hostname = this.options.hostname;
      let hostRefused: string | undefined;
      if (hostname && state.hostRegistered !== hostname) {
        try {
          await client.registerHost(hostname);
          state.hostRegistered = hostname;
          log.info('host registered at the hub', { hostname });
        } catch (error) {
          // 409: the hub keeps another host or the name is another data source's. Not remembered: the health answer says why and the next resync asks again.
          if (!(error instanceof HubError && error.status === 409)) throw error;
          hostRefused = `the hub refused host ${hostname}: ${error.message}`;
          log.error('the hub refused the host', { hostname, error: error.message });
        }
      }
      let known: Set<string> | undefined;
      try {
        known = new Set((await client.listDatasets()).map((dataset) => dataset.dataset_id));
      } catch (error) {
        if (!(error instanceof HubError) || error.status === undefined || error.status >= 500) throw error;
        log.debug('cannot list datasets at the hub', { error });
      }
      for (const dataset of manager.list()) {
        const registered = known ? known.has(dataset.id) : state.isRegistered(dataset.file, dataset.id);
        if (registered) {
          state.setId(dataset.file, dataset.id, true);
          continue;
        }
        const assigned = await this.tolerateConflict(() => client.registerDataset(dataset.id, '.ttl'), dataset.id);
        state.setId(dataset.file, assigned, true);
        if (assigned !== dataset.id) manager.adoptId(dataset.file, assigned);
        log.info('dataset registered at the hub', { file: dataset.file, dataset_id: assigned });
      }
      for (const id of state.pendingDeletes) {
        if (manager.list().some((dataset) => dataset.id === id)) {
          state.removePendingDelete(id);
          continue;
        }
        await client.deleteDataset(id);
        state.removePendingDelete(id);
        log.info('dataset removed from the hub', { dataset_id: id });
      }
      if (this.failures > 0) log.info('the hub is reachable again');
      log.debug('in step with the hub', { datasets: manager.list().length });
      this.failures = 0;
      this.lastError = hostRefused;
      return this.options.resyncIntervalMs ?? 10 * 60_000;
    } catch (error) {
      this.failures += 1;
      this.lastError = error instanceof Error ? error.message : String(error);
      const base = this.options.initialRetryMs ?? 2_000;
      const max = this.options.maxRetryMs ?? 5 * 60_000;
      const delay = Math.min(max, base * 2 ** Math.min(this.failures - 1, 20));
      const jittered = Math.round(delay * (0.8 + Math.random() * 0.4));
      log.warn('hub registration failed; retrying', { attempt: this.failures, retry_in_ms: jittered, error: this.lastError });
      return jittered;
    }
  }

  private async tolerateConflict<T>(call: () => Promise<T>, fallback?: T): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof HubError && error.status === 409) return fallback as T;
      throw error;
    }
  }
}
