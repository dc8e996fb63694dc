import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SparqlEngine } from './engine';
import { filterTurtle } from './category-filter';
import { EDGE_CASES_TTL, readFixtureTurtle } from './testing/fixtures';

const DATA = readFixtureTurtle() + '\n' + EDGE_CASES_TTL;
const BUDGET_MB = 128;

/** A string doubled `steps` times by CONCAT: 2^steps characters, each step kept in its own variable. */
function doubling(steps: number, projection: (last: string) => string): string {
  let text = `SELECT ${projection(`?x${steps}`)} WHERE { BIND("a" AS ?x0) `;
  for (let step = 1; step <= steps; step += 1) text += `BIND(CONCAT(?x${step - 1}, ?x${step - 1}) AS ?x${step}) `;
  return text + '}';
}

/** Issue 32 item 10: the three queries that took the hub's memory by hundreds of MB and kept it. */
export const HEAVY_QUERIES = {
  // 2^26 characters: about 340 MB of oxigraph memory, answered (a number) within the deadline without a budget.
  concat: doubling(26, (last) => `(STRLEN(${last}) AS ?n)`),
  orderBy: 'SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i } ORDER BY ?c ?f ?i LIMIT 10',
  groupConcat: 'SELECT (STRLEN(GROUP_CONCAT(CONCAT(STR(?c), STR(?f)))) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }',
};

describe('SparqlEngine queryMemoryMb: a memory budget per query, and the memory given back', () => {
  let engine: SparqlEngine;

  beforeAll(async () => {
    engine = new SparqlEngine({ workers: 1, deadlineMs: 30_000, queryMemoryMb: BUDGET_MB });
    await engine.load('demo', DATA);
  });
  afterAll(() => engine.close());

  for (const [name, query] of Object.entries(HEAVY_QUERIES)) {
    it(`stops ${name} past the budget as query_memory_limit (413, not an answer), replaces the worker and answers a small query right`, async () => {
      const before = engine.stats();
      const refused = await engine.query('demo', query, ['Dataset.ReadAll']).then(
        (answer) => answer,
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ reason: 'query_memory_limit', httpStatus: 413 });
      expect((refused as Error).message).toContain(`${BUDGET_MB} MB`);
      const after = engine.stats();
      expect(after.memoryStops).toBe(before.memoryStops + 1);
      expect(after.restarts).toBe(before.restarts + 1);
      // The fresh worker has the dataset again and answers, counting exactly what a Water grantee may see.
      const small = await engine.query('demo', 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', ['Dataset.ReadWater']);
      expect(JSON.parse(small.body).results.bindings[0].n.value).toBe(String(filterTurtle(DATA, ['Dataset.ReadWater']).length));
      // Its memory is its copies' (a few MB), not what the stopped query grew.
      expect(engine.stats().workerMemoryMb).toBeLessThan(BUDGET_MB / 2);
    }, 90_000);
  }

  it('replaces a worker whose query grew its WebAssembly memory beyond recycleMb, even when the query answered', async () => {
    const recycling = new SparqlEngine({ workers: 1, deadlineMs: 60_000, queryMemoryMb: 4096, recycleMb: 64 });
    try {
      await recycling.load('demo', DATA);
      await recycling.query('demo', 'ASK { ?s ?p ?o }', ['Dataset.ReadAll']);
      expect(recycling.stats().restarts).toBe(0);
      // 2^24 characters, a few times over in oxigraph's memory: more than 64 MB, well within the budget.
      const grown = await recycling.query('demo', doubling(24, (last) => `(STRLEN(${last}) AS ?n)`), ['Dataset.ReadAll']);
      expect(JSON.parse(grown.body).results.bindings[0].n.value).toBe(String(2 ** 24));
      expect(recycling.stats()).toMatchObject({ restarts: 1, memoryStops: 0 });
      expect(JSON.parse((await recycling.query('demo', 'ASK { ?s ?p ?o }', ['Dataset.ReadAll'])).body).boolean).toBe(true);
      expect(recycling.stats().workerMemoryMb).toBeLessThan(32);
    } finally {
      await recycling.close();
    }
  }, 90_000);
});
