import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPARQL_ERROR_TEXTS } from '@datahub/domain';
import { filterTurtle } from '@datahub/sparql';
import { HubDatasetStore } from '../src/dataset-data/hub-dataset-store.service';
import { startHubWithDataset, type HubWithDataset } from './hub-dataset';

/**
 * Issue 32 item 10: one query took the hub's memory by hundreds of MB (CONCAT doubling answered 200,
 * a cartesian ORDER BY and GROUP_CONCAT ran to their deadline) and the worker kept it. Each query now
 * has its own budget (SPARQL_QUERY_MEMORY_MB): past it the query is refused in Dutch and its worker
 * replaced, so the memory goes back.
 */
const BUDGET_MB = 160;

function doubling(steps: number): string {
  let text = `SELECT (STRLEN(?x${steps}) AS ?n) WHERE { BIND("a" AS ?x0) `;
  for (let step = 1; step <= steps; step += 1) text += `BIND(CONCAT(?x${step - 1}, ?x${step - 1}) AS ?x${step}) `;
  return text + '}';
}

const HEAVY_QUERIES = {
  // 2^26 characters: a few hundred MB inside oxigraph, yet a one-number answer (200 before the budget).
  concat: doubling(26),
  orderBy: 'SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i } ORDER BY ?c ?f ?i LIMIT 10',
  groupConcat: 'SELECT (STRLEN(GROUP_CONCAT(CONCAT(STR(?c), STR(?f)))) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }',
};

let hub: HubWithDataset;

beforeAll(async () => {
  hub = await startHubWithDataset({ SPARQL_QUERY_MEMORY_MB: String(BUDGET_MB), SPARQL_DEADLINE_MS: '30000', SPARQL_WORKERS: '1' });
}, 90_000);

afterAll(async () => {
  await hub?.close();
});

describe('SPARQL at the hub: a memory budget per query (issue 32.10)', () => {
  let asked = 0;
  /** A small query of its own text each time (a kept answer would not reach the worker). */
  const count = async () => {
    asked += 1;
    const response = await hub.ask(hub.owner.user, `SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o FILTER(?s != <urn:small:${asked}>) }`);
    expect(response.status).toBe(200);
    return Number(((await response.json()) as { results: { bindings: { n: { value: string } }[] } }).results.bindings[0].n.value);
  };

  for (const [name, query] of Object.entries(HEAVY_QUERIES)) {
    it(`refuses ${name} with 413 and the Dutch budget text, replaces its worker and answers a small query right`, async () => {
      const engine = hub.api.app.get(HubDatasetStore).engine;
      await count();
      const before = engine.stats();
      const response = await hub.ask(hub.owner.user, query);
      expect(response.status, name).toBe(413);
      expect(await response.json()).toEqual({ statusCode: 413, detail: 'query_memory_limit', errors: { sparql_query: SPARQL_ERROR_TEXTS.queryMemoryLimit(BUDGET_MB) } });
      expect(SPARQL_ERROR_TEXTS.queryMemoryLimit(BUDGET_MB)).toContain(`${BUDGET_MB} MB`);
      const after = engine.stats();
      expect(after.memoryStops).toBe(before.memoryStops + 1);
      expect(after.restarts).toBe(before.restarts + 1);
      // The fresh worker reloads the copy and counts every triple; its memory is the copy's, not the query's.
      expect(await count()).toBe(filterTurtle(hub.turtle, ['Dataset.ReadAll']).length);
      expect(engine.stats().workerMemoryMb).toBeLessThan(BUDGET_MB / 2);
    }, 90_000);
  }
});
