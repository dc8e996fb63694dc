import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetCache, DatasetTooLargeError } from './dataset-cache';
import { SparqlEngine } from './engine';

const CGO = 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#';
const turtle = (name: string, size = 1) =>
  Array.from({ length: size }, (_, index) => `<http://example.org/${name}/${index}> <${CGO}hasCategory> "Water" .`).join('\n');

describe('DatasetCache', () => {
  let engine: SparqlEngine;
  beforeAll(() => {
    engine = new SparqlEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it('fetches once, shares a fetch under way, and refetches after the time-to-live', async () => {
    let clock = 0;
    const cache = new DatasetCache(engine, { maxBytes: 10_000, ttlMs: 1000, now: () => clock });
    let fetches = 0;
    const fetch = async () => {
      fetches += 1;
      return turtle('a');
    };
    expect(await Promise.all([cache.ensure('a', fetch), cache.ensure('a', fetch)])).toEqual(['loaded', 'loaded']);
    expect(await cache.ensure('a', fetch)).toBe('hit');
    expect(fetches).toBe(1);
    clock = 1000;
    expect(await cache.ensure('a', fetch)).toBe('loaded');
    expect(fetches).toBe(2);
    cache.invalidate('a');
    expect(engine.has('a')).toBe(false);
    expect(await cache.ensure('a', fetch)).toBe('loaded');
    expect(fetches).toBe(3);
    cache.invalidate('a');
  });

  it('never keeps a copy with fewer triples than its data source declares (issue 32: a store cut it)', async () => {
    const cache = new DatasetCache(engine, { maxBytes: 100_000, ttlMs: 60_000 });
    let fetches = 0;
    // 21 of 26 triples, as a store with a row cap of 20 sends a graph: the cut is not kept, the dataset is queried at its source.
    const cut = async () => {
      fetches += 1;
      return { data: turtle('cut', 21), format: 'turtle' as const, triples: 26 };
    };
    expect(await cache.ensure('cut', cut)).toBe('too_large');
    expect(engine.has('cut')).toBe(false);
    expect(cache.incomplete.get('cut')).toEqual({ declared: 26, loaded: 21 });
    expect(await cache.ensure('cut', cut)).toBe('too_large');
    expect(fetches).toBe(1);
    // Whole (or no count declared): kept as before.
    cache.invalidate('cut');
    expect(await cache.ensure('cut', async () => ({ data: turtle('cut', 26), format: 'turtle' as const, triples: 26 }))).toBe('loaded');
    cache.invalidate('cut');
    expect(await cache.ensure('cut', async () => ({ data: turtle('cut', 21), format: 'turtle' as const, triples: null }))).toBe('loaded');
    cache.invalidate('cut');
  });

  it('evicts the least recently used copy to stay within the bound', async () => {
    let clock = 0;
    const one = Buffer.byteLength(turtle('b', 20));
    const cache = new DatasetCache(engine, { maxBytes: one * 2 + 10, ttlMs: 60_000, now: () => ++clock });
    await cache.ensure('b', async () => turtle('b', 20));
    await cache.ensure('c', async () => turtle('c', 20));
    await cache.ensure('b', async () => turtle('b', 20)); // b used after c
    await cache.ensure('d', async () => turtle('d', 20));
    expect(cache.keys()).toEqual(['b', 'd']);
    expect(engine.has('c')).toBe(false);
    expect(cache.usedBytes()).toBeLessThanOrEqual(one * 2 + 10);
    for (const key of cache.keys()) cache.invalidate(key);
  });

  it('counts the views built for category scopes in the bound', async () => {
    let clock = 0;
    const one = Buffer.byteLength(turtle('g', 20));
    const cache = new DatasetCache(engine, { maxBytes: one * 2 + 10, ttlMs: 60_000, now: () => ++clock });
    await cache.ensure('g', async () => turtle('g', 20));
    await cache.ensure('h', async () => turtle('h', 20));
    expect(cache.usedBytes()).toBe(one * 2);
    // A Water view of h: all 20 triples again, a second copy's worth of memory.
    await engine.query('h', 'ASK { ?s ?p ?o }', ['Dataset.ReadWater']);
    expect(engine.viewTriples('h')).toBe(20);
    expect(cache.usedBytes()).toBe(one * 3);
    // The next use of h makes room for its view: g, least recently used, goes.
    expect(await cache.ensure('h', async () => turtle('h', 20))).toBe('hit');
    expect(cache.keys()).toEqual(['h']);
    expect(engine.has('g')).toBe(false);
    expect(cache.usedBytes()).toBe(one * 2);
    for (const key of cache.keys()) cache.invalidate(key);
    expect(engine.viewTriples('h')).toBe(0);
  });

  it('does not keep a dataset above the bound and remembers that until the time-to-live', async () => {
    let clock = 0;
    const cache = new DatasetCache(engine, { maxBytes: 100, ttlMs: 1000, now: () => clock });
    let fetches = 0;
    expect(await cache.ensure('big', async () => (fetches++, turtle('big', 10)))).toBe('too_large');
    expect(await cache.ensure('big', async () => (fetches++, turtle('big', 10)))).toBe('too_large');
    expect(fetches).toBe(1);
    expect(engine.has('big')).toBe(false);
    clock = 1000;
    expect(await cache.ensure('big', async () => { fetches++; throw new DatasetTooLargeError('cap'); })).toBe('too_large');
    expect(fetches).toBe(2);
  });
  it('warms a copy ahead of its first query; not one held, found too large, or when copies fill half the bound', async () => {
    const one = Buffer.byteLength(turtle('w', 20));
    const cache = new DatasetCache(engine, { maxBytes: one * 4, ttlMs: 60_000 });
    let fetches = 0;
    const fetch = async () => {
      fetches += 1;
      return turtle('w', 20);
    };
    expect(await cache.warm('w1', fetch)).toBe('loaded');
    expect(engine.has('w1')).toBe(true);
    // The first query finds it loaded: no fetch of its own.
    expect(await cache.ensure('w1', fetch)).toBe('hit');
    expect(cache.warm('w1', fetch)).toBeUndefined();
    expect(fetches).toBe(1);
    const large = async () => {
      fetches += 1;
      throw new DatasetTooLargeError('too large');
    };
    expect(await cache.warm('big', large)).toBe('too_large');
    expect(cache.warm('big', large)).toBeUndefined();
    expect(fetches).toBe(2);
    expect(await cache.warm('w2', fetch)).toBe('loaded');
    // Two of four parts used: warming stops here, and evicts nothing.
    expect(cache.warm('w3', fetch)).toBeUndefined();
    expect(engine.has('w3')).toBe(false);
    expect(cache.keys()).toEqual(['w1', 'w2']);
    expect(fetches).toBe(3);
    for (const key of ['w1', 'w2', 'big']) cache.invalidate(key);
  });
});
