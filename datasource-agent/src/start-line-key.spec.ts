/**
 * Issue 35: the hub's one-time start line carries the key (DATAHUB_SLEUTEL=<id>:<secret>), so a
 * grower downloads the one executable and nothing else. The agent keeps the key in the credentials
 * file (owner-only) for the next start, and registers with the hub straight away.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_VARIABLE, parseKey } from './credentials';
import { eventually, startFakeHub, type FakeHub } from './testing/fake-hub';
import { TEST_DATASOURCE_ID, TEST_SECRET } from './testing/fixtures';

const CLI = path.resolve(__dirname, '..', 'dist', 'cli.js');

describe('the key in the start line', () => {
  let dir: string;
  let hub: FakeHub;
  let child: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'start-line-key-'));
    mkdirSync(path.join(dir, 'databron'));
    writeFileSync(path.join(dir, 'databron', 'klimaat.csv'), 'Datum;Tijd;EC drain (mS/cm)\n01-03-2026;09:00;3,1\n');
    hub = await startFakeHub(TEST_SECRET, TEST_DATASOURCE_ID);
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child!.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    await hub?.close();
  });

  it('is read as <datasource_id>:<secret>, and refused when either part is missing', () => {
    expect(parseKey(`${TEST_DATASOURCE_ID}:${TEST_SECRET}`)).toEqual({ datasourceId: TEST_DATASOURCE_ID, secret: TEST_SECRET });
    expect(() => parseKey(TEST_SECRET)).toThrow(/datasource_id is missing/);
    expect(() => parseKey(`${TEST_DATASOURCE_ID}:`)).toThrow(/secret is missing/);
  });

  it('is kept in the credentials file for the next start, and the agent registers with it', async () => {
    const credentials = path.join(dir, `datasource-credentials-${TEST_DATASOURCE_ID}.json`);
    expect(existsSync(credentials)).toBe(false);
    child = spawn(process.execPath, [CLI, '--credentials', credentials, '--data', path.join(dir, 'databron'), '--hub', hub.url, '--port', '0', '--page-port', '0', '--rescan-interval', '1'], {
      cwd: dir,
      env: { ...process.env, [KEY_VARIABLE]: `${TEST_DATASOURCE_ID}:${TEST_SECRET}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await eventually(() => hub.datasets.size === 1 || undefined, 30_000, `the dataset to be registered at the hub:\n${output}`);
    expect(JSON.parse(readFileSync(credentials, 'utf8')).credentials).toEqual({ datasource_id: TEST_DATASOURCE_ID, secret: TEST_SECRET });
    expect(statSync(credentials).mode & 0o777).toBe(0o600);
    expect(output).not.toContain('no credentials file yet');
    expect(output).not.toContain(TEST_SECRET);
  });
});
