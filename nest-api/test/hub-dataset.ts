import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readFixtureTurtle } from 'datasource-agent/src/testing/fixtures';
import { freePort } from '../src/database/embedded-postgres';
import { stopProcess, type TestApi, type TestUser } from './harness';

const AGENT = resolve(__dirname, '..', '..', 'datasource-agent', 'dist', 'cli.js');

export interface HubDataset {
  datasetId: string;
  turtle: string;
  stop: () => Promise<void>;
}

/** Starts the API with `PRIVATE_HOSTS_ALLOWED` for the agent's port: pass the env this returns to startTestApi first. */
export async function agentPort(): Promise<{ port: number; env: Record<string, string> }> {
  const port = await freePort();
  return { port, env: { PRIVATE_HOSTS_ALLOWED: `127.0.0.1:${port}` } };
}

/** A real reference data source of `owner`'s organisation serving the fixture as one dataset, online at the hub. */
export async function startHubDataset(api: TestApi, owner: TestUser, port: number): Promise<HubDataset> {
  const created = await (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Protocolbron', hostname: '' } })).json();
  const dir = await mkdtemp(join(tmpdir(), 'datahub-protocol-'));
  await writeFile(join(dir, 'credentials.json'), JSON.stringify(created));
  await mkdir(join(dir, 'data'));
  const turtle = readFixtureTurtle();
  await writeFile(join(dir, 'data', 'kas.ttl'), turtle);
  await writeFile(join(dir, 'data', 'datasets.yaml'), 'datasets:\n  - file: kas.ttl\n    name: Kas Protocol\n    about: Versie 1\n');
  const agent: ChildProcess = spawn(
    process.execPath,
    [AGENT, '--credentials', join(dir, 'credentials.json'), '--data', join(dir, 'data'), '--hub', api.baseUrl, '--port', String(port), '--host', '127.0.0.1', '--public-hostname', `127.0.0.1:${port}`],
    { stdio: 'ignore' },
  );
  let datasetId: string | undefined;
  for (let attempt = 0; attempt < 240 && !datasetId; attempt += 1) {
    const rows: { id: string; status: string }[] = await api.db.query('SELECT id, status FROM datasets WHERE datasource_id = $1', [created.datasource_id]);
    if (rows[0]?.status === 'online') datasetId = rows[0].id;
    else await new Promise((r) => setTimeout(r, 250));
  }
  if (!datasetId) throw new Error('the dataset did not come online');
  return {
    datasetId,
    turtle,
    stop: async () => {
      await stopProcess(agent);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
