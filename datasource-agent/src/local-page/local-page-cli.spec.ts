/**
 * The grower's way in (issue 35): the agent started with --page-port before it has a key, the
 * hub's credentials file dropped on the page, and the agent connected and registering its datasets
 * with it — no command line beyond the one start.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnAgent, type AgentProcess } from '../testing/agent-process';
import { eventually, startFakeHub, type FakeHub } from '../testing/fake-hub';
import { TEST_DATASOURCE_ID, TEST_SECRET } from '../testing/fixtures';

describe('connecting through the local page', () => {
  let dir: string;
  let hub: FakeHub;
  let agent: AgentProcess;
  const credentialsFile = () => path.join(dir, 'datasource-credentials.json');

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'local-page-cli-'));
    const data = path.join(dir, 'data');
    mkdirSync(data);
    writeFileSync(path.join(data, 'klimaat.csv'), 'Datum;Tijd;EC drain (mS/cm)\n01-03-2026;09:00;3,1\n');
    hub = await startFakeHub(TEST_SECRET, TEST_DATASOURCE_ID);
    agent = await spawnAgent(['--credentials', credentialsFile(), '--data', data, '--hub', hub.url, '--port', '0', '--page-port', '0', '--rescan-interval', '1']);
  });

  afterAll(async () => {
    await agent?.stop();
    await hub?.close();
  });

  it('starts without a key, and connects once the credentials file is dropped on the page', async () => {
    expect(agent.output()).toContain('no credentials file yet');
    expect(hub.datasets.size).toBe(0);
    const openUrl = /eenmalige link\): (\S+)/.exec(agent.output())![1];
    const opened = await fetch(openUrl, { redirect: 'manual' });
    const cookie = opened.headers.get('set-cookie')!.split(';')[0];
    const base = new URL(openUrl).origin;
    const before = await (await fetch(`${base}/`, { headers: { cookie } })).text();
    expect(before).toContain('Nog niet verbonden');
    const csrf = /name="csrf" value="([^"]+)"/.exec(before)![1];

    const drop = new FormData();
    drop.append('csrf', csrf);
    const created = { datasource_id: TEST_DATASOURCE_ID, name: 'Kas De Teler', hostname: null, credentials: { datasource_id: TEST_DATASOURCE_ID, secret: TEST_SECRET } };
    drop.append('sleutel', new Blob([JSON.stringify(created)]), 'datasource-credentials.json');
    const answer = await fetch(`${base}/verbinden`, { method: 'POST', body: drop, headers: { cookie }, redirect: 'manual' });
    expect(answer.status).toBe(303);
    expect(JSON.parse(readFileSync(credentialsFile(), 'utf8'))).toEqual(created);

    await eventually(() => hub.datasets.size === 1 || undefined, 30_000, 'the dataset to be registered at the hub');
    const after = await (await fetch(`${base}/`, { headers: { cookie } })).text();
    expect(after).toContain(`Verbonden met ${hub.url} als databron Kas De Teler.`);
    expect(after).toMatch(/<strong>klimaat\.csv<\/strong>/);
  });
});
