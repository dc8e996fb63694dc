import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, stopProcess } from './harness';
import { startSecondApi } from './second-api';

/**
 * Issue 34 item 4: a process that is stopped (SIGSTOP) but still connected never acknowledges a
 * write's notifications. Writes elsewhere must not wait for it, and revocation must still hold on
 * every process, the frozen one included once it runs again. Three real processes on one database:
 * this file's in-process API (A) and two from dist (B, C). The acknowledgement timeout is 60 s here
 * and a write gives up after 20 s, so a product that waits for the frozen process fails without any
 * bound on how fast this machine is.
 */

const SYNC_TIMEOUT = { SESSION_SYNC_TIMEOUT_MS: '60000' };
const GIVE_UP_MS = 20_000;

let api: TestApi;
let b: { child: ChildProcess; url: string };
let c: { child: ChildProcess; url: string };
let organizationId: string;

function call(base: string, path: string, token: string, init: RequestInit = {}) {
  return fetch(`${base}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
}

async function warm(token: string): Promise<void> {
  for (const base of [api.baseUrl, b.url, c.url]) {
    for (let i = 0; i < 2; i += 1) expect((await call(base, '/api/current_user', token)).status).toBe(200);
  }
}

/** A write through A (it waits for the acknowledgements); gives up long before the acknowledgement timeout. */
async function write(path: string, token: string, init: RequestInit): Promise<{ status: number }> {
  const response = await call(api.baseUrl, path, token, { ...init, signal: AbortSignal.timeout(GIVE_UP_MS) });
  await response.arrayBuffer();
  return { status: response.status };
}

/** One write right after C froze: it may wait until C's lease (1.5 s) runs out, never the acknowledgement timeout. */
async function lapseOfC(token: string): Promise<void> {
  expect((await write('/api/profile/welcome/dismiss', token, { method: 'POST' })).status).toBe(204);
}

/** Runs `during` with C stopped, and always lets C run again. */
async function withCFrozen(during: () => Promise<void>): Promise<void> {
  c.child.kill('SIGSTOP');
  try {
    await during();
  } finally {
    c.child.kill('SIGCONT');
  }
}

beforeAll(async () => {
  api = await startTestApi(SYNC_TIMEOUT);
  organizationId = (await api.createOrganization()).id;
  b = await startSecondApi(api, SYNC_TIMEOUT);
  c = await startSecondApi(api, SYNC_TIMEOUT);
});

afterAll(async () => {
  c?.child.kill('SIGCONT');
  await stopProcess(b?.child);
  await stopProcess(c?.child);
  await api?.close();
});

describe('a frozen API process', () => {
  it('does not make the writes of the other processes wait for its acknowledgement', async () => {
    const user = await api.createUser({ organizationId });
    await warm(user.token);
    await withCFrozen(async () => {
      // Six writes in a row, each well inside one acknowledgement timeout: none waits for C.
      for (let i = 0; i < 6; i += 1) expect((await write('/api/profile/welcome/dismiss', user.token, { method: 'POST' })).status).toBe(204);
    });
  }, 60_000);

  it('a logout while a process is frozen is refused on every process, the frozen one once it runs again', async () => {
    const user = await api.createUser({ organizationId });
    await warm(user.token);
    await withCFrozen(async () => {
      await lapseOfC(user.token);
      expect((await write('/api/auth/logout', user.token, { method: 'POST' })).status).toBe(204);
      expect((await call(b.url, '/api/current_user', user.token)).status).toBe(401);
    });
    // C kept the session in memory before it was stopped; its very first request after SIGCONT must not use it.
    expect((await call(c.url, '/api/current_user', user.token)).status).toBe(401);
    expect((await call(api.baseUrl, '/api/current_user', user.token)).status).toBe(401);
  });

  it('a role given while a process is frozen shows on every process at once', async () => {
    const owner = await api.createUser({ organizationId, roles: ['Organization.Owner'] });
    const member = await api.createUser({ organizationId });
    await warm(member.token);
    await withCFrozen(async () => {
      await lapseOfC(owner.token);
      const given = await write(`/api/users/${member.id}/role`, owner.token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Organization.Owner' }),
      });
      expect(given.status).toBe(200);
      const onB = (await (await call(b.url, '/api/current_user', member.token)).json()) as { permissions: string[] };
      expect(onB.permissions).toContain('Organization.Update');
    });
    const onC = (await (await call(c.url, '/api/current_user', member.token)).json()) as { permissions: string[] };
    expect(onC.permissions).toContain('Organization.Update');
  });

  it('is awaited again once it runs again: a write right after SIGCONT reaches its memory', async () => {
    const user = await api.createUser({ organizationId });
    await warm(user.token);
    c.child.kill('SIGSTOP');
    c.child.kill('SIGCONT');
    expect((await call(api.baseUrl, '/api/auth/logout', user.token, { method: 'POST' })).status).toBe(204);
    expect((await call(c.url, '/api/current_user', user.token)).status).toBe(401);
  });
});
