import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, stopProcess } from './harness';
import { startSecondApi } from './second-api';
import { TimedJobs } from '../src/jobs/timed-jobs';
import { until } from './waiting';

/**
 * Issue 34 item 6: a client whose write was committed but whose answer was lost retries through
 * another API process. With an Idempotency-Key the retry replays the first answer and creates
 * nothing new. Two real processes on one database: this file's in-process API (A) and one from dist (B).
 */

let api: TestApi;
let organizationId: string;

const TOKEN_PATH = '/api/profile/api-tokens';
const tokenBody = (name: string) => ({ name, scopes: ['catalogue:read'], expires_in_days: 30 });

function post(base: string, path: string, token: string, body: unknown, key?: string) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });
}

async function tokensOf(userId: string, name: string): Promise<number> {
  const [{ count }] = (await api.db.query('SELECT count(*)::int AS count FROM api_tokens WHERE user_id = $1 AND name = $2', [userId, name])) as { count: number }[];
  return count;
}

beforeAll(async () => {
  api = await startTestApi();
  organizationId = (await api.createOrganization()).id;
});

afterAll(async () => {
  await api?.close();
});

describe('Idempotency-Key on creating POSTs', () => {
  it('a retry through another process after the first one died replays the answer and creates one row', async () => {
    const user = await api.createUser({ organizationId });
    const key = randomUUID();
    const b = await startSecondApi(api);
    let first: Response;
    try {
      first = await post(b.url, TOKEN_PATH, user.token, tokenBody('Kas 3'), key);
      expect(first.status).toBe(201);
    } finally {
      // The write is committed; B dies as if its answer never left.
      b.child.kill('SIGKILL');
      await stopProcess(b.child);
    }
    const firstBody = await first.json();
    const retry = await post(api.baseUrl, TOKEN_PATH, user.token, tokenBody('Kas 3'), key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    // The same answer, the one secret included: the client can use what the first request made.
    expect(await retry.json()).toEqual(firstBody);
    expect(await tokensOf(user.id, 'Kas 3')).toBe(1);
    // The stored answer carries that secret, so it is sealed at rest.
    const [stored] = (await api.db.query('SELECT body FROM idempotency_keys WHERE user_id = $1 AND key = $2', [user.id, key])) as { body: string }[];
    expect(stored.body).not.toContain((firstBody as { token: string }).token);
  });

  it('a claim left by a process killed mid-request is taken over by the retry, which runs once', async () => {
    const user = await api.createUser({ organizationId });
    const key = randomUUID();
    const body = tokenBody('Kas 11');
    const claimOf = async () => ((await api.db.query('SELECT holder_pid FROM idempotency_keys WHERE user_id = $1 AND key = $2', [user.id, key])) as { holder_pid: number | null }[])[0];
    const b = await startSecondApi(api);
    const blocker = api.db.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    let holderPid: number | null = null;
    try {
      // B claims the key, then its handler waits on this lock: the request is in flight when B dies.
      await blocker.query('LOCK TABLE api_tokens IN ACCESS EXCLUSIVE MODE');
      const lost = post(b.url, TOKEN_PATH, user.token, body, key).catch(() => null);
      holderPid = (await until(async () => (await claimOf())?.holder_pid ?? undefined, "B's claim")) as number;
      // While B lives, even stuck, the claim is B's: a retry elsewhere is refused and runs nothing.
      expect((await post(api.baseUrl, TOKEN_PATH, user.token, body, key)).status).toBe(409);
      const exited = new Promise((resolve) => b.child.once('exit', resolve));
      b.child.kill('SIGKILL');
      await exited;
      expect(await lost).toBeNull();
    } finally {
      if (b.child.exitCode === null && b.child.signalCode === null) b.child.kill('SIGKILL');
      await blocker.rollbackTransaction();
      await blocker.release();
    }
    // PostgreSQL ends B's sessions once it sees B's sockets close (no lease to wait out).
    await until(async () => (((await api.db.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [holderPid])) as unknown[]).length === 0 ? true : undefined), "B's sessions ending");
    // Two retries at once: one takes the claim over and creates the token, the other does not run.
    const retries = await Promise.all([post(api.baseUrl, TOKEN_PATH, user.token, body, key), post(api.baseUrl, TOKEN_PATH, user.token, body, key)]);
    const made = retries.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
    expect(made).toHaveLength(1);
    for (const other of retries.filter((r) => r !== made[0])) expect([201, 409]).toContain(other.status);
    expect(await tokensOf(user.id, 'Kas 11')).toBe(1);
    const later = await post(api.baseUrl, TOKEN_PATH, user.token, body, key);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(await tokensOf(user.id, 'Kas 11')).toBe(1);
  });

  it('a process killed after its handler committed but before it stored the answer: the retry is refused, never run twice', async () => {
    const user = await api.createUser({ organizationId });
    const key = `hold-${randomUUID()}`;
    const body = tokenBody('Kas 12');
    // Storing this key's answer waits for a lock this test holds: the token is committed, the answer is not.
    await api.db.query(`CREATE OR REPLACE FUNCTION test_hold_answer() RETURNS trigger AS $$
      BEGIN IF NEW.status_code IS NOT NULL AND NEW.key LIKE 'hold-%' THEN PERFORM pg_advisory_xact_lock(4242); END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await api.db.query('CREATE TRIGGER test_hold_answer BEFORE UPDATE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION test_hold_answer()');
    const holdLock = api.db.createQueryRunner();
    await holdLock.connect();
    await holdLock.query('SELECT pg_advisory_lock(4242)');
    const b = await startSecondApi(api);
    let holderPid: number | null = null;
    try {
      const lost = post(b.url, TOKEN_PATH, user.token, body, key).catch(() => null);
      const [waiting] = await until(
        async () => {
          const rows = (await api.db.query('SELECT pid FROM pg_locks WHERE locktype = $1 AND objid = 4242 AND NOT granted', ['advisory'])) as { pid: number }[];
          return rows.length > 0 ? rows : undefined;
        },
        "B's answer waiting to be stored",
      );
      expect(await tokensOf(user.id, 'Kas 12')).toBe(1);
      holderPid = ((await api.db.query('SELECT holder_pid FROM idempotency_keys WHERE user_id = $1 AND key = $2', [user.id, key])) as { holder_pid: number }[])[0].holder_pid;
      const exited = new Promise((resolve) => b.child.once('exit', resolve));
      b.child.kill('SIGKILL');
      await exited;
      expect(await lost).toBeNull();
      // The answer's UPDATE dies with B's session instead of finishing after the lock.
      await api.db.query('SELECT pg_terminate_backend($1)', [waiting.pid]);
    } finally {
      if (b.child.exitCode === null && b.child.signalCode === null) b.child.kill('SIGKILL');
      await holdLock.query('SELECT pg_advisory_unlock(4242)');
      await holdLock.release();
      await api.db.query('DROP TRIGGER test_hold_answer ON idempotency_keys');
    }
    await until(async () => (((await api.db.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [holderPid])) as unknown[]).length === 0 ? true : undefined), "B's sessions ending");
    const retry = await post(api.baseUrl, TOKEN_PATH, user.token, body, key);
    expect(retry.status).toBe(409);
    expect(((await retry.json()) as { detail: string }).detail).toMatch(/controleer dan of het al is aangemaakt/);
    expect(await tokensOf(user.id, 'Kas 12')).toBe(1);
  });

  it('the same key with another body is refused with a Dutch text and creates nothing', async () => {
    const user = await api.createUser({ organizationId });
    const key = randomUUID();
    expect((await post(api.baseUrl, TOKEN_PATH, user.token, tokenBody('Kas 4'), key)).status).toBe(201);
    const other = await post(api.baseUrl, TOKEN_PATH, user.token, tokenBody('Kas 5'), key);
    expect(other.status).toBe(422);
    expect(((await other.json()) as { detail: string }).detail).toMatch(/Idempotency-Key is al gebruikt voor een ander verzoek/);
    expect(await tokensOf(user.id, 'Kas 5')).toBe(0);
  });

  it('a duplicate while the first is still in flight is answered 409', async () => {
    const user = await api.createUser({ organizationId });
    const key = randomUUID();
    const body = tokenBody('Kas 6');
    // Claim the key as the first request does, so this one finds it in flight.
    const first = fetch(`${api.baseUrl}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    await first;
    await api.db.query('UPDATE idempotency_keys SET status_code = NULL, body = NULL WHERE user_id = $1 AND key = $2', [user.id, key]);
    const duplicate = await post(api.baseUrl, TOKEN_PATH, user.token, body, key);
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as { detail: string }).detail).toMatch(/nog in behandeling/);
    expect(await tokensOf(user.id, 'Kas 6')).toBe(1);
  });

  it('keys belong to one user, a refused request frees its key, and without a key nothing changes', async () => {
    const one = await api.createUser({ organizationId });
    const two = await api.createUser({ organizationId });
    const key = randomUUID();
    const invalid = await post(api.baseUrl, TOKEN_PATH, one.token, { name: '', scopes: [] }, key);
    expect(invalid.status).toBe(422);
    expect((await post(api.baseUrl, TOKEN_PATH, one.token, tokenBody('Kas 7'), key)).status).toBe(201);
    const other = await post(api.baseUrl, TOKEN_PATH, two.token, tokenBody('Kas 7'), key);
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(await tokensOf(two.id, 'Kas 7')).toBe(1);
    expect((await post(api.baseUrl, TOKEN_PATH, one.token, tokenBody('Kas 8'))).status).toBe(201);
    expect((await post(api.baseUrl, TOKEN_PATH, one.token, tokenBody('Kas 8'))).status).toBe(201);
    expect(await tokensOf(one.id, 'Kas 8')).toBe(2);
    expect((await post(api.baseUrl, TOKEN_PATH, one.token, tokenBody('Kas 9'), 'geen geldige sleutel')).status).toBe(400);
  });

  it('is documented as a header on the creating POSTs, and records older than 24 h are pruned', async () => {
    const document = (await (await fetch(`${api.baseUrl}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const hasKey = (path: string, method: string) => (document.paths[path][method].parameters ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    expect(hasKey(TOKEN_PATH, 'post')).toBe(true);
    expect(hasKey('/api/applications', 'post')).toBe(true);
    expect(hasKey('/api/auth/login', 'post')).toBe(false);
    expect(hasKey('/api/auth/logout', 'post')).toBe(false);

    const user = await api.createUser({ organizationId });
    const key = randomUUID();
    expect((await post(api.baseUrl, TOKEN_PATH, user.token, tokenBody('Kas 10'), key)).status).toBe(201);
    await api.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1 AND key = $2`, [user.id, key]);
    // The timed job as pg-boss would run it.
    await api.app.get(TimedJobs).get('idempotency-keys-prune')!.handler();
    expect(((await api.db.query('SELECT 1 FROM idempotency_keys WHERE user_id = $1 AND key = $2', [user.id, key])) as unknown[]).length).toBe(0);
  });
});
