/**
 * A store that cuts long answers itself (Virtuoso's ResultSetMaxRows, silently): the agent reports
 * such an answer as truncated, never as complete. Its own Virtuoso, with a cap of 5 rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnAgent, token, type AgentProcess } from './testing/agent-process';
import { TEST_DATASOURCE_ID, TEST_SECRET } from './testing/fixtures';
import { startVirtuoso, type TestVirtuoso } from './store/virtuoso-process';

const HAS_CATEGORY = '<https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#hasCategory>';

describe('datasource-agent in store mode: the store cuts answers', () => {
  let virtuoso: TestVirtuoso;
  let dir: string;
  let agent: AgentProcess;
  /** Issue 32: a second agent whose own row cap (3) is below the store's (5), so its start probe sees no cut. */
  let lowCap: AgentProcess;
  let lowCapDir: string;

  beforeAll(async () => {
    virtuoso = await startVirtuoso({ maxRows: 5 });
    dir = mkdtempSync(path.join(os.tmpdir(), 'agent-store-cut-'));
    const lines = Array.from({ length: 12 }, (_, i) => `<urn:meting:${i}> <urn:waarde> ${i} ; ${HAS_CATEGORY} "Heating" .`);
    writeFileSync(path.join(dir, 'metingen.ttl'), `${lines.join('\n')}\n`);
    writeFileSync(path.join(dir, 'datasets.yaml'), 'datasets:\n  - file: metingen.ttl\n    dataset_id: metingen-1\n    name: Metingen\n    about: x\n    contact: x\n    additional_info: x\n');
    const credentialsFile = path.join(dir, '.credentials.json');
    writeFileSync(credentialsFile, JSON.stringify({ datasource_id: TEST_DATASOURCE_ID, credentials: { datasource_id: TEST_DATASOURCE_ID, secret: TEST_SECRET } }));
    agent = await spawnAgent(['--credentials', credentialsFile, '--data', dir, '--port', '0', '--rescan-interval', '0', ...virtuoso.cliArgs]);
    lowCapDir = mkdtempSync(path.join(os.tmpdir(), 'agent-store-cut-low-'));
    for (const name of ['metingen.ttl', 'datasets.yaml', '.credentials.json']) copyFileSync(path.join(dir, name), path.join(lowCapDir, name));
    lowCap = await spawnAgent(['--credentials', path.join(lowCapDir, '.credentials.json'), '--data', lowCapDir, '--port', '0', '--rescan-interval', '0', '--store-max-rows', '3', ...virtuoso.cliArgs]);
  });

  afterAll(async () => {
    await agent?.stop();
    await lowCap?.stop();
    await virtuoso?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (lowCapDir) rmSync(lowCapDir, { recursive: true, force: true });
  });

  const ask = async (sparql: string) => {
    const response = await fetch(`${agent.url}/datasets/metingen-1?sparql_query=${encodeURIComponent(sparql)}`, {
      headers: { authorization: `Bearer ${token('metingen-1', ['Dataset.ReadHeating'])}` },
    });
    const body = (await response.json()) as { results: { bindings: unknown[] } };
    return { status: response.status, rows: body.results.bindings.length, truncated: response.headers.get('x-datahub-truncated') };
  };

  it('reports a cut answer as truncated', async () => {
    expect(await ask('SELECT ?s ?v WHERE { ?s <urn:waarde> ?v }')).toEqual({ status: 200, rows: 5, truncated: 'true' });
    expect(agent.output()).toContain('store_max_rows=5');
  });

  it('answers a short answer as complete', async () => {
    expect(await ask('SELECT ?s WHERE { ?s <urn:waarde> ?v FILTER(?v < 3) }')).toEqual({ status: 200, rows: 3, truncated: null });
  });

  it('dumps every triple although the store cuts query answers', async () => {
    const response = await fetch(`${agent.url}/datasets/metingen-1/dump`, { headers: { authorization: `Bearer ${token('metingen-1', ['Dataset.ReadAll'])}` } });
    expect(response.status).toBe(200);
    expect((await response.text()).trim().split('\n')).toHaveLength(24);
  });

  it('marks a graph answer the store cut although its cap is above the agent’s own (Virtuoso sends cap + 1 triples, no header)', async () => {
    expect(lowCap.output()).not.toContain('store_max_rows');
    const response = await fetch(`${lowCap.url}/datasets/metingen-1?sparql_query=${encodeURIComponent('CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }')}`, {
      headers: { authorization: `Bearer ${token('metingen-1', ['Dataset.ReadAll'])}`, accept: 'application/n-triples' },
    });
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split('\n');
    expect(lines.length).toBeLessThan(24);
    expect(response.headers.get('x-datahub-truncated')).toBe('true');
  });

  it('dumps every triple although the store’s cap is above the agent’s own', async () => {
    const response = await fetch(`${lowCap.url}/datasets/metingen-1/dump`, { headers: { authorization: `Bearer ${token('metingen-1', ['Dataset.ReadAll'])}` } });
    expect(response.status).toBe(200);
    expect((await response.text()).trim().split('\n')).toHaveLength(24);
  });
});
