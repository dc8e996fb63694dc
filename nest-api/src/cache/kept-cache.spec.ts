import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeptCache, type ChangeFeed } from './kept-cache';

/** A feed this test drives: what ChangeNotifications does with the database's notifications. */
function testFeed() {
  const handlers: ((kind: string, id: string) => void)[] = [];
  const feed = {
    listeningForChanges: true,
    subscribe: (handler: (kind: string, id: string) => void) => void handlers.push(handler),
    announce: (kind: string, id = '') => handlers.forEach((handler) => handler(kind, id)),
  };
  return feed satisfies ChangeFeed;
}

interface Session {
  userId: string;
}

function sessions(feed: ChangeFeed, ttlMs?: number) {
  return new KeptCache<Session>({ max: 10, ttlMs, changes: { feed, drops: ({ kind, id }, session) => kind === 'user' && session.userId === id } });
}

describe('KeptCache', () => {
  it('drops exactly the entries a change concerns, and everything on "all"', () => {
    const feed = testFeed();
    const cache = sessions(feed);
    cache.set('s1', { userId: 'u1' });
    cache.set('s2', { userId: 'u2' });
    feed.announce('user', 'u1');
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toEqual({ userId: 'u2' });
    feed.announce('organization', 'o1');
    expect(cache.get('s2')).toEqual({ userId: 'u2' });
    feed.announce('all');
    expect(cache.get('s2')).toBeUndefined();
  });

  it('does not keep a value read while a change arrived', async () => {
    const feed = testFeed();
    const cache = sessions(feed);
    let finish: (session: Session) => void = () => undefined;
    const loading = cache.load('s1', () => new Promise<Session>((resolve) => (finish = resolve)));
    // Any change may concern the row being read: the stale copy is answered once, never kept.
    feed.announce('organization', 'o9');
    finish({ userId: 'u1' });
    await expect(loading).resolves.toEqual({ userId: 'u1' });
    expect(cache.get('s1')).toBeUndefined();
    await cache.load('s1', async () => ({ userId: 'u1' }));
    expect(cache.get('s1')).toEqual({ userId: 'u1' });
  });

  it('answers and keeps nothing while this process may miss changes', () => {
    const feed = testFeed();
    const cache = sessions(feed);
    cache.set('s1', { userId: 'u1' });
    feed.listeningForChanges = false;
    expect(cache.get('s1')).toBeUndefined();
    cache.set('s2', { userId: 'u2' });
    feed.listeningForChanges = true;
    expect(cache.get('s2')).toBeUndefined();
  });

  it('forgets an entry after its time', async () => {
    const cache = sessions(testFeed(), 30);
    cache.set('s1', { userId: 'u1' });
    expect(cache.get('s1')).toEqual({ userId: 'u1' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(cache.get('s1')).toBeUndefined();
  });

  it('without a feed, keeps what its key names and evicts the least recently used', () => {
    const cache = new KeptCache<string>({ max: 2 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.get('a');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
  });
});

describe('one cache helper', () => {
  const root = join(__dirname, '..');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [join(dir, entry.name)] : [],
    );

  it('is the only user of lru-cache in nest-api', () => {
    const users = files(root)
      .filter((file) => /from 'lru-cache'|require\('lru-cache'\)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(users).toEqual(['cache/kept-cache.ts']);
  });
});
