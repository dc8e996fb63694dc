import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SparqlEngine } from './engine';
import { filterTurtle } from './category-filter';
import { SparqlError } from './errors';
import { EDGE_CASES_TTL, readFixtureTurtle } from './testing/fixtures';

const DATA = readFixtureTurtle() + '\n' + EDGE_CASES_TTL;

describe('SparqlEngine deadline', () => {
  const DEADLINE_MS = 1_500;
  let engine: SparqlEngine;

  beforeAll(async () => {
    engine = new SparqlEngine({ workers: 1, deadlineMs: DEADLINE_MS });
    await engine.load('demo', DATA);
  });
  afterAll(() => engine.close());

  it('kills a query that runs past the deadline and answers again afterwards', async () => {
    // 150^5 ≈ 7.6e10 solutions: never finishes on its own.
    const endless = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o }';
    const started = Date.now();
    await expect(engine.query('demo', endless, ['Dataset.ReadAll'])).rejects.toMatchObject({ reason: 'timeout' });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    // The worker is killed at the deadline, not whenever it next looks up (the query never ends by
    // itself): a margin a loaded 2-core machine cannot exceed.
    expect(elapsed).toBeLessThan(DEADLINE_MS + 5_000);
    expect(engine.stats()).toMatchObject({ restarts: 1, deadlineHits: 1 });

    // The replacement worker reloads the dataset and answers; a queued query waits for it.
    const answer = await engine.query('demo', 'ASK { ?s a <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#Crop> }', [
      'Dataset.ReadCrop',
    ]);
    expect(JSON.parse(answer.body).boolean).toBe(true);
  });

  it('lets the other worker answer while one is stuck', async () => {
    const pool = new SparqlEngine({ workers: 2, deadlineMs: 20_000 });
    try {
      await pool.load('demo', DATA);
      // The second worker is started only when a query finds the first one busy.
      await pool.query('demo', 'ASK { ?s ?p ?o }', ['Dataset.ReadAll']);
      expect(pool.stats().workers).toBe(1);
      const endless = pool.query('demo', 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o }', [
        'Dataset.ReadAll',
      ]);
      const caught = endless.catch((error: unknown) => error);
      const quick = await pool.query('demo', 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', ['Dataset.ReadWater']);
      expect(JSON.parse(quick.body).results.bindings[0].n.value).toBe(String(filterTurtle(DATA, ['Dataset.ReadWater']).length));
      expect(pool.stats().workers).toBe(2);
      await pool.close();
      expect(await caught).toMatchObject({ reason: 'engine_closed' });
    } finally {
      await pool.close();
    }
  });

  it('stops a query when the process uses more memory than maxRssMb', async () => {
    // A limit every process exceeds: the watchdog must stop the query and the engine must recover.
    const tight = new SparqlEngine({ workers: 1, maxRssMb: 1, deadlineMs: 30_000 });
    try {
      await tight.load('demo', DATA);
      const endless = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o }';
      await expect(tight.query('demo', endless, ['Dataset.ReadAll'])).rejects.toMatchObject({ reason: 'memory_limit' });
      expect(tight.stats()).toMatchObject({ restarts: 1, deadlineHits: 0 });
    } finally {
      await tight.close();
    }
  });

  it('gives up, refusing work, when workers cannot start', async () => {
    const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'sparql-worker-')), 'broken-worker.js');
    writeFileSync(script, "throw new Error('no WebAssembly here');\n");
    const broken = new SparqlEngine({ workers: 1, workerScript: script });
    try {
      await expect(broken.load('demo', DATA)).rejects.toMatchObject({ reason: 'worker_crashed' });
      await expect(broken.query('demo', 'ASK {}', ['Dataset.ReadAll'])).rejects.toMatchObject({ reason: 'worker_crashed' });
    } finally {
      await broken.close();
      rmSync(path.dirname(script), { recursive: true, force: true });
    }
  });

  it('refuses work beyond the queue length as busy', async () => {
    const small = new SparqlEngine({ workers: 1, maxQueueLength: 1, deadlineMs: 5_000 });
    try {
      await small.load('demo', DATA);
      const endless = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o }';
      const first = small.query('demo', endless, ['Dataset.ReadAll']).catch((error: unknown) => error);
      // The first query holds the only worker (not a guess by sleeping): the second waits in the queue.
      for (let attempt = 0; attempt < 200 && small.stats().busy === 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(small.stats()).toMatchObject({ busy: 1, queued: 0 });
      const waitedBefore = small.stats().waited;
      const second = small.query('demo', 'ASK {}', ['Dataset.ReadAll']).catch((error: unknown) => error);
      expect(small.stats()).toMatchObject({ busy: 1, queued: 1, waited: waitedBefore + 1 });
      const third = await small.query('demo', 'ASK {}', ['Dataset.ReadAll']).catch((error: unknown) => error);
      expect(third).toBeInstanceOf(SparqlError);
      expect(third).toMatchObject({ reason: 'busy' });
      await small.close();
      for (const refused of [await first, await second]) {
        expect(refused).toBeInstanceOf(SparqlError);
        expect(refused).toMatchObject({ reason: 'engine_closed' });
      }
    } finally {
      await small.close();
    }
  });
});

describe('SparqlEngine queue', () => {
  it('gives a free worker to the group with the fewest running queries, not simply the oldest', async () => {
    const engine = new SparqlEngine({ workers: 1, deadlineMs: 1500 });
    try {
      await engine.load('k', DATA);
      const heavy = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }';
      const order: string[] = [];
      const running = engine.query('k', heavy, ['Dataset.ReadAll'], { group: 'a' }).catch(() => order.push('a1'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = engine.query('k', heavy, ['Dataset.ReadAll'], { group: 'a', deadlineMs: 300 }).catch(() => order.push('a2'));
      const other = engine.query('k', 'ASK { ?s ?p ?o }', ['Dataset.ReadAll'], { group: 'b' }).then(() => order.push('b'));
      await Promise.all([running, second, other]);
      // Group a's second query came first, but b (nothing running) got the worker when a1 ended.
      expect(order).toEqual(['a1', 'b', 'a2']);
    } finally {
      await engine.close();
    }
  }, 20_000);
});

describe('SparqlEngine refuses or stops what would take the worker down, and goes on answering', () => {
  let engine: SparqlEngine;

  beforeAll(async () => {
    engine = new SparqlEngine({ workers: 1, deadlineMs: 20_000, maxAnswerBytes: 1024 * 1024 });
    await engine.load('demo', DATA);
  });
  afterAll(() => engine.close());

  it('refuses 800 nested braces and 2,000 nested parentheses in the guard: no worker stops', async () => {
    const deep = [
      `SELECT * WHERE ${'{'.repeat(800)} ?s ?p ?o ${'}'.repeat(800)}`,
      `SELECT * WHERE { ?s ?p ?o FILTER(${'('.repeat(2000)}1${')'.repeat(2000)}) }`,
    ];
    for (const text of deep) await expect(engine.query('demo', text, ['Dataset.ReadAll'])).rejects.toMatchObject({ reason: 'query_too_deep' });
    expect(engine.stats().restarts).toBe(0);
  });

  it('answers a worker that stopped as worker_crashed with status 503, never 500', () => {
    expect(new SparqlError('worker_crashed', 'x').httpStatus).toBe(503);
  });

  it('refuses an answer above maxAnswerBytes (CONCAT doubling) as answer_too_large, then answers again', async () => {
    let doubling = 'SELECT ?x21 WHERE { BIND("ab" AS ?x0) ';
    for (let step = 1; step <= 21; step += 1) doubling += `BIND(CONCAT(?x${step - 1}, ?x${step - 1}) AS ?x${step}) `;
    await expect(engine.query('demo', doubling + '}', ['Dataset.ReadAll'])).rejects.toMatchObject({ reason: 'answer_too_large', httpStatus: 413 });
    const small = await engine.query('demo', 'ASK { ?s ?p ?o }', ['Dataset.ReadAll']);
    expect(JSON.parse(small.body).boolean).toBe(true);
  });
});

describe('SparqlEngine maxRunningPerGroup', () => {
  it("keeps a worker free for other groups while one group's heavy queries run", async () => {
    const engine = new SparqlEngine({ workers: 2, deadlineMs: 1500, maxRunningPerGroup: 1 });
    try {
      await engine.load('k', DATA);
      const heavy = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }';
      const ended: string[] = [];
      const pair = ['a1', 'a2'].map((name) => engine.query('k', heavy, ['Dataset.ReadAll'], { group: 'a' }).catch(() => ended.push(name)));
      for (let attempt = 0; attempt < 200 && engine.stats().busy + engine.stats().queued < 2; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      // Group a runs one query; its second waits although the engine may run two.
      expect(engine.stats()).toMatchObject({ busy: 1, queued: 1 });
      const small = await engine.query('k', 'ASK { ?s ?p ?o }', ['Dataset.ReadAll'], { group: 'b' });
      expect(JSON.parse(small.body).boolean).toBe(true);
      expect(ended).toEqual([]);
      await Promise.all(pair);
      expect(ended).toEqual(['a1', 'a2']);
    } finally {
      await engine.close();
    }
  }, 20_000);
});

describe('SparqlEngine gives grown WebAssembly memory back', () => {
  it('replaces a worker whose query grew the process by more than an eighth of maxRssMb', async () => {
    const limit = Math.round(process.memoryUsage.rss() / (1024 * 1024)) + 1500;
    const engine = new SparqlEngine({ workers: 1, maxRssMb: limit, deadlineMs: 20_000 });
    try {
      await engine.load('demo', DATA);
      await engine.query('demo', 'ASK { ?s ?p ?o }', ['Dataset.ReadAll']);
      expect(engine.stats().restarts).toBe(0);
      // A 2^27-character string, doubled step by step: oxigraph's memory grows by about 600 MB (measured), far more than
      // an eighth of the limit, yet stays below it; and it stays grown.
      let doubling = 'SELECT (STRLEN(?x27) AS ?n) WHERE { BIND("a" AS ?x0) ';
      for (let step = 1; step <= 27; step += 1) doubling += `BIND(CONCAT(?x${step - 1}, ?x${step - 1}) AS ?x${step}) `;
      const grown = await engine.query('demo', doubling + '}', ['Dataset.ReadAll']);
      expect(JSON.parse(grown.body).results.bindings[0].n.value).toBe(String(2 ** 27));
      expect(engine.stats().restarts).toBe(1);
      // The fresh worker answers.
      expect(JSON.parse((await engine.query('demo', 'ASK { ?s ?p ?o }', ['Dataset.ReadAll'])).body).boolean).toBe(true);
    } finally {
      await engine.close();
    }
  }, 30_000);
});
