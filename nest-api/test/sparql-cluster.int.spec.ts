import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS } from '@datahub/domain';
import { HubDatasetStore } from '../src/dataset-data/hub-dataset-store.service';
import { DiscoveryService } from '../src/hub/discovery.service';
import type { TestUser } from './harness';
import { startHubWithDataset, type HubWithDataset } from './hub-dataset';
import { startSecondApi } from './second-api';
import { until } from './waiting';

/**
 * Issue 34 items 2 and 3: two real API processes on one PostgreSQL (A in this process, B from dist)
 * and the real reference data source. The SPARQL running limits are the cluster's, and a dataset
 * that discovery (on A) saw change is answered from its new data by B at once.
 */
const DEADLINE_MS = 8000;
const SETTINGS = {
  SPARQL_DEADLINE_MS: String(DEADLINE_MS),
  SPARQL_WORKERS: '2',
  SPARQL_CONCURRENCY_PER_USER: '2',
  SPARQL_MAX_RUNNING_PER_ORGANIZATION: '2',
  SPARQL_SLOT_LEASE_SECONDS: '3',
  // Only a change can make B fetch again: its copy would otherwise be used for an hour.
  SPARQL_CACHE_TTL_SECONDS: '3600',
  SPARQL_RESULT_CACHE_MB: '16',
};
/** Four-way cartesian product over the fixture: runs until the deadline. */
const HEAVY = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }';
const COUNT = 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }';

let hub: HubWithDataset;
let second: { child: ChildProcess; url: string };

beforeAll(async () => {
  hub = await startHubWithDataset(SETTINGS);
  const [{ hostname }] = await hub.api.db.query('SELECT ds.hostname FROM datasets d JOIN datasources ds ON ds.id = d.datasource_id WHERE d.id = $1', [hub.datasetId]);
  second = await startSecondApi(hub.api, { ...SETTINGS, PRIVATE_HOSTS_ALLOWED: hostname });
}, 120_000);

afterAll(async () => {
  if (second?.child.exitCode === null && second.child.signalCode === null) {
    const exited = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    await exited;
  }
  await hub?.close();
});

const A = () => hub.api.baseUrl;
const B = () => second.url;

function ask(base: string, user: TestUser, query: string, path = 'data') {
  return fetch(`${base}/api/datasets/${hub.datasetId}/${path}?sparql_query=${encodeURIComponent(query)}`, { headers: { authorization: `Bearer ${user.token}` } });
}

async function count(base: string, user: TestUser): Promise<number> {
  const response = await ask(base, user, COUNT);
  expect(response.status).toBe(200);
  return Number(((await response.json()) as { results: { bindings: { n: { value: string } }[] } }).results.bindings[0].n.value);
}

/** Workers running a job in each process: A's engine here, B's through its metrics (loopback may read them). */
async function busy(): Promise<[number, number]> {
  const metrics = await (await fetch(`${B()}/metrics`)).text();
  const onB = Number(/datahub_sparql_workers\{state="busy"\} (\d+)/.exec(metrics)?.[1] ?? 0);
  return [hub.api.app.get(HubDatasetStore).engine.stats().busy, onB];
}

/** Waits until the heavy queries sent run on A and B (`a`, `b` workers busy): not a guess by sleeping. */
function running(a: number, b: number): Promise<true> {
  return until(async () => {
    const [onA, onB] = await busy();
    return onA >= a && onB >= b ? true : undefined;
  }, `${a} queries running on A and ${b} on B`);
}

/** Settles with the status, recording when (in order) it settled. */
function tracked(response: Promise<Response>, order: string[], name: string): Promise<number> {
  return response.then(async (answer) => {
    await answer.arrayBuffer();
    order.push(name);
    return answer.status;
  });
}

describe('a changed dataset reaches every API process (issue 34 item 3)', () => {
  it('B answers from the new data once discovery on A saw the change: no old copy, no kept answer, no old summary', async () => {
    const owner = hub.owner.user;
    const before = await count(B(), owner);
    expect(await count(A(), owner)).toBe(before);
    // Kept on B: the copy, the answer to COUNT (SPARQL_RESULT_CACHE_MB) and the summary.
    expect(await count(B(), owner)).toBe(before);
    const summaryBefore = await fetch(`${B()}/api/datasets/${hub.datasetId}/summary`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(((await summaryBefore.json()) as { triples: number }).triples).toBe(before);

    await writeFile(join(hub.dataDir, 'kas.ttl'), hub.turtle + '\n<http://example.org/nieuw> <http://example.org/p> "nieuw" .\n');
    await writeFile(join(hub.dataDir, 'datasets.yaml'), 'datasets:\n  - file: kas.ttl\n    name: Kas Delta\n    about: Versie 2\n');
    const [{ datasource_id: datasourceId }] = await hub.api.db.query('SELECT datasource_id FROM datasets WHERE id = $1', [hub.datasetId]);
    await until(async () => {
      await hub.api.app.get(DiscoveryService).discoverDatasource(datasourceId);
      const [row] = await hub.api.db.query('SELECT about FROM datasets WHERE id = $1', [hub.datasetId]);
      return row.about === 'Versie 2' ? true : undefined;
    }, 'discovery on A to see the new description');

    expect(await count(B(), owner)).toBe(before + 1);
    const found = await ask(B(), owner, 'ASK { <http://example.org/nieuw> ?p ?o }');
    expect(await found.json()).toMatchObject({ boolean: true });
    const summaryAfter = await fetch(`${B()}/api/datasets/${hub.datasetId}/summary`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(((await summaryAfter.json()) as { triples: number }).triples).toBe(before + 1);
    expect(await count(A(), owner)).toBe(before + 1);
  }, 90_000);
});

describe('SPARQL running limits over two API processes (issue 34 item 2)', () => {
  it("an organisation's running limit holds across A and B: its third query waits for one of the two, another organisation's does not", async () => {
    const organizationId = hub.owner.organization.id;
    const [first, other, third] = await Promise.all([0, 1, 2].map(() => hub.api.createUser({ organizationId })));
    const west = await hub.api.createOrganization({ name: 'Kassenbouw West' });
    const westMember = await hub.api.createUser({ organizationId: west.id });
    await hub.grant(['Dataset.ReadAll'], west);
    // Both copies loaded and a worker of each process up before the heavy queries start.
    await count(A(), first);
    await count(B(), first);

    const order: string[] = [];
    const heavyStartedAt = Date.now();
    const heavy = [tracked(ask(A(), first, HEAVY), order, 'heavy'), tracked(ask(B(), other, HEAVY), order, 'heavy')];
    await running(1, 1);
    // Each process runs one of the organisation's two: a third, on B, must wait for one of them to end.
    let thirdDoneAt = 0;
    const waiting = tracked(ask(B(), third, 'ASK { ?s ?p ?o FILTER(?s != <urn:wachtend>) }'), order, 'third').then((status) => {
      thirdDoneAt = Date.now();
      return status;
    });
    // The fair queue's promise holds meanwhile: another organisation's small query finds a worker at once.
    expect(await tracked(ask(B(), westMember, 'ASK { ?s ?p ?o FILTER(?s != <urn:west>) }'), order, 'west')).toBe(200);
    expect(order).toEqual(['west']);
    expect(await waiting).toBe(200);
    expect(await Promise.all(heavy)).toEqual([504, 504]);
    // A heavy query frees its slot just before its 504 is written, so the third's short answer may
    // overtake that 504 on the wire; what shows the wait is that it ended no sooner than a deadline.
    expect(order[0]).toBe('west');
    expect(thirdDoneAt - heavyStartedAt).toBeGreaterThanOrEqual(DEADLINE_MS - 500);
  }, 90_000);

  it("one user's third query over A and B is refused (429); a killed process's slots free up after the lease", async () => {
    const user = await hub.api.createUser({ organizationId: hub.owner.organization.id });
    await count(A(), user);
    await count(B(), user);
    const order: string[] = [];
    const onA = tracked(ask(A(), user, HEAVY), order, 'heavy A');
    void tracked(ask(B(), user, HEAVY), order, 'heavy B').catch(() => undefined);
    await running(1, 1);

    const refused = await ask(A(), user, 'ASK { ?s ?p ?o }');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).toBe(DETAILS.tooManyQueries);
    const refusedOnB = await ask(B(), user, 'ASK { ?s ?p ?o }');
    expect(refusedOnB.status).toBe(429);
    await refusedOnB.arrayBuffer();

    // B dies holding one of the user's slots (and one of the organisation's): its lease (3 s) ends them.
    const exited = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGKILL');
    await exited;
    const admitted = await until(async () => {
      const response = await ask(A(), user, 'ASK { ?s ?p ?o FILTER(?s != <urn:na-de-lease>) }');
      await response.arrayBuffer();
      return response.status === 200 ? true : undefined;
    }, "the killed process's slot to free up");
    expect(admitted).toBe(true);
    // Freed by the lease, not by the query on A ending.
    expect(order).toEqual([]);
    expect(await onA).toBe(504);
  }, 90_000);
});
