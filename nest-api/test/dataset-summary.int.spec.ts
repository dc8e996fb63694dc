import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceAnswer } from 'datasource-agent/src/testing/reference';
import { CATEGORY_PREDICATE, SPARQL_ERROR_TEXTS } from '@datahub/domain';
import { DiscoveryService } from '../src/hub/discovery.service';
import type { TestApi, TestUser } from './harness';
import { startHubWithDataset, type HubWithDataset } from './hub-dataset';

/** 'Wat zit erin' (issue 25): the summary endpoint over the real hub and the real reference data source. */
let hub: HubWithDataset;
let api: TestApi;
let datasetId: string;
let owner: TestUser;
let grantee: TestUser;
let stranger: TestUser;

interface Summary {
  triples: number;
  categories: { category: string; subjects: number }[];
  classes: { iri: string; instances: number }[];
  properties: { iri: string; uses: number }[];
}

/** The counts the n3 reference gives over exactly the permitted subgraph, as [key, count] rows sorted. */
function reference(turtle: string, scopes: string[], query: string): [string, number][] {
  const answer = referenceAnswer(turtle, scopes, query, false) as { rows: string[] };
  return answer.rows
    .map((row) => Object.fromEntries(JSON.parse(row) as [string, { value: string }][]))
    .map((row) => [row.key!.value, Number(row.n!.value)] as [string, number])
    .sort();
}

function expected(turtle: string, scopes: string[]) {
  return {
    triples: reference(turtle, scopes, "SELECT ('t' AS ?key) (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")[0]![1],
    categories: reference(turtle, scopes, `SELECT ?key (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s <${CATEGORY_PREDICATE}> ?key } GROUP BY ?key`),
    classes: reference(turtle, scopes, 'SELECT ?key (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?key } GROUP BY ?key'),
    properties: reference(turtle, scopes, 'SELECT ?key (COUNT(*) AS ?n) WHERE { ?s ?key ?o } GROUP BY ?key'),
  };
}

function shown(summary: Summary) {
  return {
    triples: summary.triples,
    categories: summary.categories.map((row) => [row.category, row.subjects]).sort(),
    classes: summary.classes.map((row) => [row.iri, row.instances]).sort(),
    properties: summary.properties.map((row) => [row.iri, row.uses]).sort(),
  };
}

function summaryOf(user: TestUser, id = datasetId) {
  return api.request(`/api/datasets/${id}/summary`, { token: user.token });
}

beforeAll(async () => {
  hub = await startHubWithDataset({ SPARQL_WORKERS: '1' });
  ({ api, datasetId } = hub);
  owner = hub.owner.user;
  const west = await api.createOrganization({ name: 'Kassenbouw West' });
  const zuid = await api.createOrganization({ name: 'Teelt Zuid' });
  grantee = await api.createUser({ organizationId: west.id });
  stranger = await api.createUser({ organizationId: zuid.id });
  await hub.grant(['Dataset.ReadWater'], west);
}, 90_000);

afterAll(async () => {
  await hub?.close();
});

describe('GET /api/datasets/{id}/summary', () => {
  it('counts categories, classes and properties within the asker’s scopes, equal to the reference', async () => {
    const all = await summaryOf(owner);
    expect(all.status).toBe(200);
    const ownerSummary = (await all.json()) as Summary;
    expect(shown(ownerSummary)).toEqual(expected(hub.turtle, ['Dataset.ReadAll']));
    // Most frequent first.
    const uses = ownerSummary.properties.map((row) => row.uses);
    expect(uses).toEqual([...uses].sort((a, b) => b - a));
    // The prefixes the Turtle declares, for naming its terms on the page (issue 37 item 7).
    // A prefix declared again (the edge cases re-declare ':') keeps its last namespace.
    const declared = [...new Map([...hub.turtle.matchAll(/^(?:@prefix|PREFIX)\s+(\w*):\s*<([^>]+)>/gim)].map((m) => [m[1], m[2]]))].map(([prefix, namespace]) => ({ prefix, namespace }));
    expect(declared.length).toBeGreaterThan(0);
    expect((ownerSummary as Summary & { prefixes: unknown }).prefixes).toEqual(declared);

    const water = (await (await summaryOf(grantee)).json()) as Summary;
    expect(shown(water)).toEqual(expected(hub.turtle, ['Dataset.ReadWater']));
    expect(water.categories.map((row) => row.category)).toContain('Water');
    expect(water.triples).toBeLessThan(ownerSummary.triples);
  }, 60_000);

  it('refuses organisations without scopes (403) and unknown datasets (404)', async () => {
    expect((await summaryOf(stranger)).status).toBe(403);
    expect((await summaryOf(owner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.request(`/api/datasets/${datasetId}/summary`)).status).toBe(401);
  });

  it('is kept per dataset version: a changed dataset gives a new summary', async () => {
    const before = (await (await summaryOf(owner)).json()) as Summary;
    const changed = hub.turtle + '\n<http://example.org/nieuw> a <http://example.org/NieuweKlasse> .\n';
    await writeFile(join(hub.dataDir, 'kas.ttl'), changed);
    await writeFile(join(hub.dataDir, 'datasets.yaml'), 'datasets:\n  - file: kas.ttl\n    name: Kas Delta\n    about: Versie 2\n');
    const [{ datasource_id: datasourceId }] = await api.db.query('SELECT datasource_id FROM datasets WHERE id = $1', [datasetId]);
    for (let attempt = 0; attempt < 120; attempt += 1) {
      await api.app.get(DiscoveryService).discoverDatasource(datasourceId);
      const [row] = await api.db.query('SELECT about FROM datasets WHERE id = $1', [datasetId]);
      if (row.about === 'Versie 2') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const after = (await (await summaryOf(owner)).json()) as Summary;
    expect(after.triples).toBe(before.triples + 1);
    expect(after.classes).toContainEqual({ iri: 'http://example.org/NieuweKlasse', instances: 1 });
    expect(shown(after)).toEqual(expected(changed, ['Dataset.ReadAll']));
  }, 60_000);
});

describe('a malformed query', () => {
  it('answers where it stops parsing, in Dutch, next to the machine-readable detail', async () => {
    const query = 'SELECT ?s WHERE {\n  ?s ?p ?o .\n  FILTER(?s = ) }';
    const response = await api.request(`/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent(query)}`, { token: owner.token });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: 400, detail: 'syntax_error', errors: { sparql_query: SPARQL_ERROR_TEXTS.syntax(3, 15, ')') } });
  });
});
