import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../src/database/embedded-postgres';
import { stopProcess, type TestApi } from './harness';
import { until } from './waiting';

const AGENT = resolve(__dirname, '..', '..', 'datasource-agent', 'dist', 'cli.js');

export interface ReferenceAgent {
  datasourceId: string;
  /** The dataset the agent serves, online at the hub. */
  datasetId: string;
  /** Its data folder (kas.ttl, datasets.yaml): rewrite it to change the dataset. */
  dataDir: string;
  /** Its process. */
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Creates a data source through the API as `ownerToken`'s organisation and runs the real reference data
 * source (datasource-agent's dist) serving `turtle` as one dataset, until the hub has it online. The API must
 * allow `127.0.0.1:{port}` (`PRIVATE_HOSTS_ALLOWED`, see `agentPort`). `args` go to its CLI (store mode: the store's).
 */
export async function startReferenceAgent(
  api: TestApi,
  ownerToken: string,
  turtle: string,
  { port, name = 'Kasbron', datasetName = `${name} set`, args = [] }: { port: number; name?: string; datasetName?: string; args?: string[] },
): Promise<ReferenceAgent> {
  const created = await (await api.request('/api/datasources', { method: 'POST', token: ownerToken, json: { name, hostname: '' } })).json();
  const dir = await mkdtemp(join(tmpdir(), 'datahub-agent-'));
  await writeFile(join(dir, 'credentials.json'), JSON.stringify(created));
  await mkdir(join(dir, 'data'));
  await writeFile(join(dir, 'data', 'kas.ttl'), turtle);
  await writeFile(join(dir, 'data', 'datasets.yaml'), `datasets:\n  - file: kas.ttl\n    name: ${datasetName}\n    about: Versie 1\n`);
  const agent: ChildProcess = spawn(
    process.execPath,
    [AGENT, '--credentials', join(dir, 'credentials.json'), '--data', join(dir, 'data'), '--hub', api.baseUrl, '--port', String(port), '--host', '127.0.0.1', '--public-hostname', `127.0.0.1:${port}`, ...args],
    { stdio: 'ignore' },
  );
  const datasetId = await until(async () => {
    const rows: { id: string; status: string }[] = await api.db.query('SELECT id, status FROM datasets WHERE datasource_id = $1', [created.datasource_id]);
    return rows[0]?.status === 'online' ? rows[0].id : undefined;
  }, `the dataset of ${name} to come online`);
  return {
    datasourceId: created.datasource_id,
    datasetId,
    dataDir: join(dir, 'data'),
    process: agent,
    async stop() {
      await stopProcess(agent);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A free port for the agent and the API setting that lets the hub reach it on loopback. */
export async function agentPort(): Promise<{ port: number; env: { PRIVATE_HOSTS_ALLOWED: string } }> {
  const port = await freePort();
  return { port, env: { PRIVATE_HOSTS_ALLOWED: `127.0.0.1:${port}` } };
}
