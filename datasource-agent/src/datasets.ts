// The data folder's datasets, watched with fs.watch plus a periodic rescan, as file-system events can be missed.
import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { watch, type FSWatcher } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { presentCategories } from '@datahub/domain';
import type { SparqlEngine } from '@datahub/sparql';
import { logTooLarge, tooLargeForMemory } from './memory-limit';
import { isDatasetFileName, readCatalogue, sameMetadata, type Catalogue, type CatalogueEntry, type DatasetMetadata } from './catalogue';
import type { Logger } from './log';
import type { AgentState } from './state';
import { fileHash, type StoreDatasets } from './store/store-datasets';
import type { ConversionReport } from './tables/convert';
import { ensureTableMapping, isTableFileName, tableAsText, tableHash, tableSignature, withTableAsFile } from './tables/table-dataset';

export interface ServedDataset {
  id: string;
  /** `id` differs when the hub assigned another. */
  requestedId: string;
  file: string;
  metadata: DatasetMetadata;
  listed: boolean;
  triples: number;
  categories: string[];
  loadMs: number;
  loadedAt: Date;
  table?: ConversionReport;
}

export type DatasetEvent =
  | { type: 'added'; dataset: ServedDataset }
  | { type: 'changed'; dataset: ServedDataset; what: 'content' | 'metadata' }
  | { type: 'removed'; dataset: ServedDataset };

interface Tracked {
  dataset?: ServedDataset;
  size: number;
  mtimeMs: number;
  hash: string;
  /** Not retried until it changes. */
  failedHash?: string;
}

interface DatasetManagerOptions {
  dir: string;
  engine: SparqlEngine;
  store?: StoreDatasets;
  state: AgentState;
  log: Logger;
  /** memory-limit.ts; larger ones are refused with a log line. */
  maxInMemoryBytes?: number;
  debounceMs?: number;
  rescanIntervalMs?: number;
}

async function loadInMemory(engine: SparqlEngine, file: string, text: string) {
  const info = await engine.load(file, text);
  const categories = Object.entries(info.categories).flatMap(([category, triples]) => (triples > 0 ? [category] : []));
  return { ...info, categories };
}

export class DatasetManager extends EventEmitter {
  private readonly tracked = new Map<string, Tracked>();
  private catalogue: Catalogue = { entries: [], problems: [] };
  private catalogueProblemsLogged = '';
  private scanning?: Promise<void>;
  private rescanRequested = false;
  private watcher?: FSWatcher;
  private debounce?: NodeJS.Timeout;
  private interval?: NodeJS.Timeout;
  private stopped = false;
  private scans = 0;

  constructor(private readonly options: DatasetManagerOptions) {
    super();
  }

  async start(): Promise<void> {
    await this.scan();
    try {
      this.watcher = watch(this.options.dir, { persistent: false }, (_event, filename) => {
        const name = filename?.toString() ?? '';
        if (name.startsWith('.')) return; // the state file, temporary and editor files
        this.scheduleScan();
      });
      this.watcher.on('error', (error) => this.options.log.warn('watching the data folder failed; rescanning periodically', { error }));
    } catch (error) {
      this.options.log.warn('cannot watch the data folder; rescanning periodically', { error });
    }
    const every = this.options.rescanIntervalMs ?? 30_000;
    if (every > 0) {
      this.interval = setInterval(() => void this.scan(), every);
      this.interval.unref();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.watcher?.close();
    if (this.debounce) clearTimeout(this.debounce);
    if (this.interval) clearInterval(this.interval);
    await this.scanning?.catch(() => undefined);
  }

  get(id: string): ServedDataset | undefined {
    for (const tracked of this.tracked.values()) if (tracked.dataset?.id === id) return tracked.dataset;
    return undefined;
  }

  list(): ServedDataset[] {
    return [...this.tracked.values()].flatMap((tracked) => (tracked.dataset ? [tracked.dataset] : []));
  }

  get scanCount(): number {
    return this.scans;
  }

  adoptId(file: string, id: string): void {
    const tracked = this.tracked.get(file);
    if (!tracked?.dataset || tracked.dataset.id === id) return;
    this.options.log.info('the hub assigned another dataset id', { file, from: tracked.dataset.id, to: id });
    tracked.dataset = { ...tracked.dataset, id };
  }

  private scheduleScan(): void {
    if (this.stopped) return;
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.scan(), this.options.debounceMs ?? 300);
    this.debounce.unref();
  }

  /** Scans never overlap; a request during one runs after it. */
  scan(): Promise<void> {
    if (this.scanning) {
      this.rescanRequested = true;
      return this.scanning;
    }
    this.scanning = (async () => {
      try {
        do {
          this.rescanRequested = false;
          await this.scanOnce();
          this.scans += 1;
        } while (this.rescanRequested && !this.stopped);
      } catch (error) {
        this.options.log.error('scanning the data folder failed', { error });
      } finally {
        this.scanning = undefined;
      }
    })();
    return this.scanning;
  }

  private async readCatalogueSafely(): Promise<void> {
    try {
      this.catalogue = await readCatalogue(this.options.dir);
      const problems = this.catalogue.problems.join('; ');
      if (problems && problems !== this.catalogueProblemsLogged) this.options.log.warn('dataset description problems', { problems });
      this.catalogueProblemsLogged = problems;
    } catch (error) {
      // Keep the previous description (e.g. while the file is being edited).
      this.options.log.warn('cannot read the dataset description; keeping the previous one', { error });
    }
  }

  private async scanOnce(): Promise<void> {
    const { dir, log } = this.options;
    await this.readCatalogueSafely();
    let names: string[];
    try {
      names = (await readdir(dir)).filter(isDatasetFileName);
    } catch (error) {
      log.warn('cannot list the data folder', { error });
      return;
    }
    const present = new Set(names);
    const entries = new Map<string, CatalogueEntry>(this.catalogue.entries.map((entry) => [entry.file, entry]));
    for (const entry of this.catalogue.entries) {
      if (!present.has(entry.file)) log.debug('listed dataset file not found', { file: entry.file });
    }
    for (const file of names.sort()) {
      if (this.stopped) return;
      await this.refresh(file, entries.get(file));
    }
    for (const [file, tracked] of [...this.tracked]) {
      if (present.has(file)) continue;
      this.tracked.delete(file);
      this.options.engine.unload(file);
      await this.options.store?.unload(file).catch((error: unknown) => log.warn('cannot drop the dataset from the store', { file, error }));
      this.options.state.forget(file);
      if (tracked.dataset) {
        log.info('dataset removed', { file, dataset_id: tracked.dataset.id });
        this.emit('dataset', { type: 'removed', dataset: tracked.dataset } satisfies DatasetEvent);
      }
    }
  }

  private datasetId(file: string, entry: CatalogueEntry | undefined): string {
    if (entry?.dataset_id) return entry.dataset_id;
    const known = this.options.state.idFor(file);
    if (known) return known;
    const fresh = randomUUID();
    this.options.state.setId(file, fresh);
    return fresh;
  }

  private async loadTable(file: string, datasetId: string, hash: string) {
    const { dir, engine, store, log } = this.options;
    const converted = store
      ? await withTableAsFile(dir, file, datasetId, log, async (ntriples, size, table) => ({ ...(await store.load(file, ntriples, datasetId, size, hash)), table }))
      : await tableAsText(dir, file, datasetId, log, this.options.maxInMemoryBytes).then(async ({ text, report }) => ({ ...(await loadInMemory(engine, file, text)), table: report }));
    const { table } = converted;
    log.info('table converted', {
      file,
      rows: table.rows,
      observations: table.observations,
      rows_without_time: table.rowsWithoutTime || undefined,
      problems: table.problems.slice(0, 3).join('; ') || undefined,
    });
    return converted;
  }

  private async refresh(file: string, entry: CatalogueEntry | undefined): Promise<void> {
    const { dir, engine, store, log } = this.options;
    const full = path.join(dir, file);
    let info;
    try {
      info = await stat(full);
    } catch {
      return; // removed meanwhile: the next scan notices
    }
    if (!info.isFile()) return;
    // A table's mapping is part of its content: a changed mapping reloads it too.
    const table = isTableFileName(file);
    if (table) {
      await ensureTableMapping(dir, file, log);
      Object.assign(info, await tableSignature(dir, file, info));
    }
    const metadata: DatasetMetadata = entry
      ? { name: entry.name, about: entry.about, contact: entry.contact, additional_info: entry.additional_info }
      : { name: file.replace(/\.(ttl|csv|xlsx)$/i, ''), about: '', contact: '', additional_info: '' };
    let tracked = this.tracked.get(file);
    const previous = tracked?.dataset;
    // The id asked for (description, else remembered, else new); the hub may have answered with another.
    const requestedId = entry?.dataset_id ?? previous?.requestedId ?? this.datasetId(file, entry);
    const id = previous && previous.requestedId === requestedId ? previous.id : requestedId;
    if (this.options.state.idFor(file) !== id) this.options.state.setId(file, id, false);

    const statChanged = !tracked || tracked.size !== info.size || tracked.mtimeMs !== info.mtimeMs;
    let contentChanged = false;
    if (statChanged && !store && tooLargeForMemory(info.size, this.options.maxInMemoryBytes)) {
      // Logged once per version, never read; a previous version stays served.
      logTooLarge(log, file, info.size, this.options.maxInMemoryBytes);
      if (!tracked) this.tracked.set(file, (tracked = { size: 0, mtimeMs: 0, hash: '' }));
      Object.assign(tracked, { size: info.size, mtimeMs: info.mtimeMs });
      return;
    }
    if (statChanged) {
      const text = store || table ? '' : await readFile(full, 'utf8');
      const hash = table ? await tableHash(dir, file) : store ? await fileHash(full) : createHash('sha256').update(text).digest('hex');
      if (!tracked) {
        tracked = { size: info.size, mtimeMs: info.mtimeMs, hash: '' };
        this.tracked.set(file, tracked);
      }
      tracked.size = info.size;
      tracked.mtimeMs = info.mtimeMs;
      if (hash !== tracked.hash && hash !== tracked.failedHash) {
        try {
          let tableReport: ConversionReport | undefined;
          const loaded = table
            ? await this.loadTable(file, requestedId, hash).then((result) => ((tableReport = result.table), result))
            : store
              ? await store.load(file, full, requestedId, info.size, hash)
              : await loadInMemory(engine, file, text);
          tracked.hash = hash;
          tracked.failedHash = undefined;
          contentChanged = true;
          tracked.dataset = {
            id,
            requestedId,
            file,
            metadata,
            listed: entry !== undefined,
            triples: loaded.triples,
            categories: presentCategories(loaded.categories),
            loadMs: loaded.loadMs,
            loadedAt: new Date(),
            table: tableReport,
          };
          log.info(previous ? 'dataset reloaded' : 'dataset loaded', {
            file,
            dataset_id: id,
            triples: loaded.triples,
            load_ms: loaded.loadMs,
            uncategorised_triples: ('uncategorisedTriples' in loaded && loaded.uncategorisedTriples) || undefined,
          });
        } catch (error) {
          tracked.failedHash = hash;
          log.error(previous ? 'dataset changed but cannot be loaded; serving the previous version' : 'dataset cannot be loaded', {
            file,
            error,
          });
        }
      }
    }
    if (!tracked?.dataset) return;
    const current = tracked.dataset;
    if (!previous) {
      if (contentChanged) this.emit('dataset', { type: 'added', dataset: current } satisfies DatasetEvent);
      return;
    }
    if (previous.id !== id) {
      // The description now gives another id: to the hub this is a removal and an addition.
      tracked.dataset = { ...current, id, requestedId, metadata, listed: entry !== undefined };
      log.info('dataset id changed', { file, from: previous.id, to: id });
      this.emit('dataset', { type: 'removed', dataset: previous } satisfies DatasetEvent);
      this.emit('dataset', { type: 'added', dataset: tracked.dataset } satisfies DatasetEvent);
      return;
    }
    if (contentChanged) {
      tracked.dataset = { ...tracked.dataset, metadata, listed: entry !== undefined };
      this.emit('dataset', { type: 'changed', dataset: tracked.dataset, what: 'content' } satisfies DatasetEvent);
    } else if (!sameMetadata(previous.metadata, metadata) || previous.listed !== (entry !== undefined)) {
      tracked.dataset = { ...previous, metadata, listed: entry !== undefined };
      log.info('dataset description changed', { file, dataset_id: id });
      this.emit('dataset', { type: 'changed', dataset: tracked.dataset, what: 'metadata' } satisfies DatasetEvent);
    }
  }
}
