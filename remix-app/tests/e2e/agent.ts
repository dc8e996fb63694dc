/**
 * The reference data source (datasource-agent/dist/cli.js) as a real process on loopback, for
 * browser tests that need datasets online: a credentials file, a data folder with .ttl files and
 * datasets.yaml, and the process itself, started against the e2e nest-api and stopped again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiCreatedDatasource } from './helpers';
import { API_PORT } from './settings';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const AGENT_CLI = join(REPO_ROOT, 'datasource-agent', 'dist', 'cli.js');
/** The project's own small example greenhouse (every category). */
export const EXAMPLE_FIXTURE = resolve(REPO_ROOT, 'fixtures', 'voorbeeldkas.ttl');

/** One entry of datasets.yaml; the file is copied from `source` or written from `turtle`. */
export interface AgentDataset {
  file: string;
  name: string;
  about: string;
  contact: string;
  additional_info: string;
  source?: string;
  turtle?: string;
}

/** A free TCP port on 127.0.0.1 (asked from the OS, then released for the agent). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

export class ReferenceAgent {
  private process: ChildProcess | null = null;
  private output = '';

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  /**
   * Writes the creation answer as the credentials file and the data folder (the .ttl files and a
   * datasets.yaml describing them) into a new temporary directory.
   */
  static async prepare(created: ApiCreatedDatasource, datasets: AgentDataset[]): Promise<ReferenceAgent> {
    const dir = await mkdtemp(join(tmpdir(), 'datahub-e2e-agent-'));
    await writeFile(join(dir, 'credentials.json'), JSON.stringify(created, null, 2));
    const data = join(dir, 'data');
    await mkdir(data);
    for (const dataset of datasets) {
      if (dataset.source) await copyFile(dataset.source, join(data, dataset.file));
      else await writeFile(join(data, dataset.file), dataset.turtle ?? '');
    }
    // JSON strings are valid YAML double-quoted scalars: no quoting surprises for any text.
    const yaml = ['datasets:']
      .concat(
        datasets.flatMap((dataset) => [
          `  - file: ${JSON.stringify(dataset.file)}`,
          ...(['name', 'about', 'contact', 'additional_info'] as const).map((key) => `    ${key}: ${JSON.stringify(dataset[key])}`),
        ]),
      )
      .join('\n');
    await writeFile(join(data, 'datasets.yaml'), `${yaml}\n`);
    return new ReferenceAgent(dir, await freePort());
  }

  /** host:port as the agent registers it with the hub (the cloud variant: the credentials carry no hostname). */
  get hostname(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Starts the agent and waits until it answers `GET /` (registration with the hub follows by itself). */
  async start(): Promise<void> {
    if (this.running) throw new Error('the agent is already running');
    const child = spawn(
      process.execPath,
      [
        AGENT_CLI,
        '--credentials', join(this.dir, 'credentials.json'),
        '--data', join(this.dir, 'data'),
        '--hub', `http://127.0.0.1:${API_PORT}`,
        '--port', String(this.port),
        '--host', '127.0.0.1',
        '--public-hostname', this.hostname,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'info' } },
    );
    this.process = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the agent exited (${child.exitCode ?? child.signalCode}):\n${this.output}`);
      const up = await fetch(`http://${this.hostname}/`).then((response) => response.status === 200, () => false);
      if (up) return;
      await new Promise((wait) => setTimeout(wait, 200));
    }
    // Still running but silent: stopped here, since a caller whose start() threw never stops it.
    await this.stop();
    throw new Error(`the agent did not answer on ${this.hostname} within 30 s:\n${this.output}`);
  }

  get running(): boolean {
    return this.process !== null && this.process.exitCode === null && this.process.signalCode === null;
  }

  /** The agent's own log (stdout and stderr, the last 20 000 characters), for failure messages. */
  get log(): string {
    return this.output;
  }

  /** SIGTERM, and waits for the process to exit (SIGKILL after 10 s). */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || !this.running) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }

  /** Stops the agent and removes its directory. */
  async dispose(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}
