/** A state file in the data folder, so restarts keep dataset ids and know what the hub has and which removals it still has to hear about. */
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

const STATE_FILE = '.datahub-agent-state.json';

interface StateDocument {
  version: 1;
  datasets: Record<string, { dataset_id: string; registered: boolean }>;
  host_registered?: string;
  pending_deletes: string[];
}

export class AgentState {
  private document: StateDocument;
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    readonly file: string,
    document: StateDocument,
  ) {
    this.document = document;
  }

  static load(dir: string): AgentState {
    const file = path.join(dir, STATE_FILE);
    let document: StateDocument = { version: 1, datasets: {}, pending_deletes: [] };
    if (existsSync(file)) {
      try {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<StateDocument>;
        document = {
          version: 1,
          datasets: parsed.datasets && typeof parsed.datasets === 'object' ? parsed.datasets : {},
          ...(typeof parsed.host_registered === 'string' ? { host_registered: parsed.host_registered } : {}),
          pending_deletes: Array.isArray(parsed.pending_deletes) ? parsed.pending_deletes.filter((id) => typeof id === 'string') : [],
        };
      } catch {
        // A damaged state file only costs new ids; start afresh.
      }
    }
    return new AgentState(file, document);
  }

  idFor(file: string): string | undefined {
    return this.document.datasets[file]?.dataset_id;
  }

  isRegistered(file: string, id: string): boolean {
    const entry = this.document.datasets[file];
    return entry?.dataset_id === id && entry.registered;
  }

  setId(file: string, id: string, registered = false): void {
    const current = this.document.datasets[file];
    if (current?.dataset_id === id && current.registered === registered) return;
    this.document.datasets[file] = { dataset_id: id, registered };
    this.save();
  }

  forget(file: string): void {
    if (!(file in this.document.datasets)) return;
    delete this.document.datasets[file];
    this.save();
  }

  get hostRegistered(): string | undefined {
    return this.document.host_registered;
  }

  set hostRegistered(hostname: string | undefined) {
    if (hostname === undefined) delete this.document.host_registered;
    else this.document.host_registered = hostname;
    this.save();
  }

  get pendingDeletes(): string[] {
    return [...this.document.pending_deletes];
  }

  addPendingDelete(id: string): void {
    if (this.document.pending_deletes.includes(id)) return;
    this.document.pending_deletes.push(id);
    this.save();
  }

  removePendingDelete(id: string): void {
    const before = this.document.pending_deletes.length;
    this.document.pending_deletes = this.document.pending_deletes.filter((candidate) => candidate !== id);
    if (this.document.pending_deletes.length !== before) this.save();
  }

  save(): Promise<void> {
    const content = JSON.stringify(this.document, null, 2) + '\n';
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        const temporary = `${this.file}.tmp`;
        await writeFile(temporary, content);
        await rename(temporary, this.file);
      });
    return this.writing;
  }

  flush(): Promise<void> {
    return this.writing.catch(() => undefined);
  }
}
