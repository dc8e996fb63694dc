/**
 * The loader's writes as a Graph Store sees them, over real HTTP: full batches per graph, two writes
 * under way while parsing goes on (never more), and a failed write that ends the load with the
 * store's answer instead of an unhandled rejection.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { CATEGORY_PREDICATE } from '@datahub/sparql';
import type { Logger } from '../log';
import { StoreClient } from './store-client';
import { loadIntoStore } from './store-loader';
import { loadInWorker } from './load-in-worker';

/** The built worker (the agent's tests run against dist/, which `npm test` builds first). */
const WORKER = path.resolve(__dirname, '..', '..', 'dist', 'store', 'load-worker.js');

const SILENT: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** 60 subjects, 3 triples each; every third without a category, the rest Heating or Water. */
function turtle(): string {
  const lines = ['PREFIX : <https://example.test/>'];
  for (let i = 0; i < 60; i += 1) {
    const category = i % 3 === 0 ? '' : ` ; <${CATEGORY_PREDICATE}> "${i % 3 === 1 ? 'Heating' : 'Water'}"`;
    lines.push(`:s${i} :value ${i} ; :label "s${i}"${category} .`);
  }
  return lines.join('\n');
}

interface Write {
  graph: string;
  lines: string[];
}

describe('loadIntoStore', () => {
  let server: Server;
  let dir: string;
  let writes: Write[];
  /** What the store holds: each graph's lines, as DELETE and POST left them. */
  let graphs: Map<string, string[]>;
  let inFlight: number;
  let mostInFlight: number;
  /** The write (1-based) the store refuses, if any. */
  let failOn: number | undefined;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'store-loader-'));
    writes = [];
    graphs = new Map();
    inFlight = 0;
    mostInFlight = 0;
    failOn = undefined;
    server = createServer((request, response) => {
      const graph = new URL(request.url ?? '/', 'http://store').searchParams.get('graph') ?? '';
      if (request.method === 'DELETE') return void response.writeHead(graphs.delete(graph) ? 204 : 404).end();
      let body = '';
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const lines = body.split('\n').filter(Boolean);
        const number = writes.push({ graph, lines });
        if (number !== failOn) graphs.set(graph, [...(graphs.get(graph) ?? []), ...lines]);
        // Slow enough that the loader, which parses on, has a second write under way.
        setTimeout(() => {
          inFlight -= 1;
          if (number === failOn) response.writeHead(503).end('busy');
          else response.writeHead(201).end();
        }, 20);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  function job(batchTriples: number, text = turtle()) {
    const file = path.join(dir, 'data.ttl');
    writeFileSync(file, text);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { client: { sparqlEndpoint: `${base}/sparql`, graphStore: `${base}/graph` }, file, name: 'data.ttl', datasetId: 'd1', sizeBytes: 0, batchTriples, replaces: [] };
  }

  function load(batchTriples: number, text?: string, log = SILENT, recentSubjects?: number) {
    const data = job(batchTriples, text);
    return loadIntoStore({ ...data, client: new StoreClient(data.client), log, recentSubjects });
  }

  /** The subjects (local names) in each graph the store holds, by category part of the graph name. */
  function subjectsByGraph(): Record<string, string[]> {
    return Object.fromEntries(
      [...graphs].map(([graph, lines]) => [graph.replace('urn:datahub:dataset:d1:', ''), [...new Set(lines.map((line) => /^<https:\/\/example\.test\/(\w+)>/.exec(line)?.[1] ?? line))].sort()]),
    );
  }

  it('writes each graph in full batches of its own triples, two at a time at most', async () => {
    const result = await load(10);
    expect(result.triples).toBe(60 * 3 - 20);
    const byGraph = new Map<string, string[]>();
    for (const write of writes) byGraph.set(write.graph, [...(byGraph.get(write.graph) ?? []), ...write.lines]);
    expect([...byGraph.keys()].sort()).toEqual(['urn:datahub:dataset:d1:Heating', 'urn:datahub:dataset:d1:Water', 'urn:datahub:dataset:d1:_uncategorised']);
    expect(byGraph.get('urn:datahub:dataset:d1:Heating')).toHaveLength(20 * 3);
    expect(byGraph.get('urn:datahub:dataset:d1:_uncategorised')).toHaveLength(20 * 2);
    expect(byGraph.get('urn:datahub:dataset:d1:_uncategorised')!.every((line) => Number(/^<https:\/\/example\.test\/s(\d+)>/.exec(line)?.[1]) % 3 === 0)).toBe(true);
    // Every write is a full batch (a subject's run of 3 is not split): 60 Heating triples are 5 writes, not 20 small ones.
    const heating = writes.filter((write) => write.graph.endsWith(':Heating'));
    expect(heating.map((write) => write.lines.length)).toEqual([12, 12, 12, 12, 12]);
    expect(mostInFlight).toBe(2);
  });

  it('ends with the store’s refusal when a write fails, and writes no more after it', async () => {
    failOn = 2;
    await expect(load(10)).rejects.toThrow(/the store answered 503 \(busy\)/);
    // The failure is seen at the next send at the latest: at most the two in flight and one more follow it.
    expect(writes.length).toBeLessThanOrEqual(4);
  });

  it('runs in a worker thread: the same writes, its log lines relayed, its failure a rejection', async () => {
    const lines: string[] = [];
    const log = { ...SILENT, info: (message: string, fields?: Record<string, unknown>) => void lines.push(`${message} ${JSON.stringify(fields)}`) };
    const result = await loadInWorker(job(10), log, { script: WORKER });
    expect(result.triples).toBe(160);
    expect(result.graphs.get('urn:datahub:dataset:d1:Water')).toBe(60);
    expect(writes.reduce((sum, write) => sum + write.lines.length, 0)).toBe(160);
    expect(lines.some((line) => line.startsWith('loaded into the store') && line.includes('"triples":160'))).toBe(true);

    failOn = writes.length + 1;
    await expect(loadInWorker(job(10), log, { script: WORKER })).rejects.toThrow(/the store answered 503/);
  });

  it('ends a load that outgrows its heap ceiling with an error, and the agent’s own thread goes on', async () => {
    const file = path.join(dir, 'big.ttl');
    // One subject with a literal of 8 MB in a triple, held as it is parsed: more than a 4 MB ceiling.
    writeFileSync(file, `<https://example.test/s> <https://example.test/p> "${'x'.repeat(8 << 20)}" .\n`);
    const data = { ...job(10), file };
    await expect(loadInWorker(data, SILENT, { script: WORKER, heapMb: 4 })).rejects.toThrow(/memory|stopped/i);
    expect(await loadInWorker(job(10), SILENT, { script: WORKER })).toMatchObject({ triples: 160 });
  });

  it('loads in one pass while each subject keeps its categories, also when it comes back', async () => {
    const lines: string[] = [];
    const log = { ...SILENT, info: (message: string, fields?: Record<string, unknown>) => void lines.push(`${message} ${JSON.stringify(fields)}`) };
    const C = `<${CATEGORY_PREDICATE}>`;
    const text = `PREFIX : <https://example.test/>\n:a :v 1 ; ${C} "Water" .\n:b :v 2 .\n:a :v 3 .\n:b :v 4 .\n`;
    expect((await load(10, text, log)).triples).toBe(5);
    expect(subjectsByGraph()).toEqual({ Water: ['a'], _uncategorised: ['b'] });
    expect(graphs.get('urn:datahub:dataset:d1:Water')).toHaveLength(3);
    expect(lines.find((line) => line.startsWith('loaded into the store'))).toContain('"passes":1');
  });

  it('starts again in two passes when a subject comes back with another category, and leaves no triple in a wrong graph', async () => {
    const lines: string[] = [];
    const log = { ...SILENT, info: (message: string, fields?: Record<string, unknown>) => void lines.push(`${message} ${JSON.stringify(fields)}`) };
    const C = `<${CATEGORY_PREDICATE}>`;
    // a is written uncategorised first (and c, whose run is longer than a batch, as Heating only).
    const long = Array.from({ length: 12 }, (_, i) => `:c :v ${i} .`).join('\n');
    const text = `PREFIX : <https://example.test/>\n:a :v 1 .\n:c ${C} "Heating" .\n${long}\n:b :v 2 ; ${C} "Water" .\n:a ${C} "Water" .\n:c ${C} "Water" .\n`;
    expect((await load(5, text, log)).triples).toBe(18);
    expect(subjectsByGraph()).toEqual({ Water: ['a', 'b'], 'Heating+Water': ['c'] });
    expect(graphs.get('urn:datahub:dataset:d1:Heating+Water')).toHaveLength(14);
    expect(lines.some((line) => line.startsWith('a subject comes back with other categories'))).toBe(true);
    expect(lines.find((line) => line.startsWith('loaded into the store'))).toContain('"passes":2');
  });

  it('writes every graph again when a subject comes back, without its category, after it was forgotten', async () => {
    const lines: string[] = [];
    const log = { ...SILENT, info: (message: string, fields?: Record<string, unknown>) => void lines.push(`${message} ${JSON.stringify(fields)}`) };
    const C = `<${CATEGORY_PREDICATE}>`;
    // With two subjects remembered, a is forgotten by the time it comes back; d comes back while remembered.
    const text = `PREFIX : <https://example.test/>\n:a :v 1 ; ${C} "Water" .\n:b :v 2 .\n:c :v 3 .\n:d :v 4 ; ${C} "Heating" .\n:a :v 5 .\n:d :v 6 .\n`;
    expect((await load(10, text, log, 2)).triples).toBe(8);
    expect(subjectsByGraph()).toEqual({ Water: ['a'], Heating: ['d'], _uncategorised: ['b', 'c'] });
    expect(graphs.get('urn:datahub:dataset:d1:Water')).toHaveLength(3);
    expect(lines.find((line) => line.startsWith('a subject comes back'))).toContain('"subjects":1');
    expect(lines.find((line) => line.startsWith('loaded into the store'))).toContain('"passes":2');

    // Remembered (the default): the same file in one pass.
    lines.length = 0;
    expect((await load(10, text, log)).triples).toBe(8);
    expect(subjectsByGraph()).toEqual({ Water: ['a'], Heating: ['d'], _uncategorised: ['b', 'c'] });
    expect(lines.find((line) => line.startsWith('loaded into the store'))).toContain('"passes":1');
  });
});
