/**
 * A file too large for the in-memory mode is refused with a log line instead of crashing the
 * process at the WebAssembly limit (tested with a tiny configured limit); smaller files still load.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { get, spawnAgent, token, type AgentProcess } from './testing/agent-process';
import { TEST_DATASOURCE_ID, TEST_SECRET, readFixtureTurtle } from './testing/fixtures';

describe('datasource-agent in memory: --max-in-memory-mb', () => {
  let dir: string;
  let agent: AgentProcess;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'agent-limit-'));
    writeFileSync(path.join(dir, 'groot.ttl'), readFixtureTurtle()); // ≈ 5 KB
    writeFileSync(path.join(dir, 'klein.ttl'), '<urn:a> <urn:p> "x" .\n');
    writeFileSync(path.join(dir, 'datasets.yaml'), 'datasets:\n  - file: groot.ttl\n    dataset_id: groot-1\n    name: Groot\n    about: x\n    contact: x\n    additional_info: x\n  - file: klein.ttl\n    dataset_id: klein-1\n    name: Klein\n    about: x\n    contact: x\n    additional_info: x\n');
    const credentialsFile = path.join(dir, '.credentials.json');
    writeFileSync(credentialsFile, JSON.stringify({ datasource_id: TEST_DATASOURCE_ID, credentials: { datasource_id: TEST_DATASOURCE_ID, secret: TEST_SECRET } }));
    agent = await spawnAgent(['--credentials', credentialsFile, '--data', dir, '--port', '0', '--rescan-interval', '0', '--max-in-memory-mb', '0.002']);
  });

  afterAll(async () => {
    await agent?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses the large file with a clear log line and serves the small one', async () => {
    expect(agent.output()).toMatch(/ERROR dataset too large for the in-memory mode; not loaded \(run the agent in store mode: --sparql-endpoint and --graph-store\) file=groot\.ttl size_mb=0\.00\d+ limit_mb=0\.002/);
    expect(JSON.parse((await get(agent.url)).body)).toMatchObject({ status: 'ok', datasets: 1, ready: true });
    expect((await get(`${agent.url}/datasets/groot-1/metadata`, token('groot-1', ['Dataset.ReadAll']))).status).toBe(404);
    expect((await get(`${agent.url}/datasets/klein-1/metadata`, token('klein-1', ['Dataset.ReadAll']))).status).toBe(200);
  });
});
