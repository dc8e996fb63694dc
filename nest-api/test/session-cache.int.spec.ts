import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, stopProcess } from './harness';
import { startSecondApi } from './second-api';

/**
 * Sessions are kept in each API process's memory; revocation must still reach every process at
 * once. Two real API processes on one database: this file's in-process API (A) and a second
 * nest-api started from dist (B).
 */

let api: TestApi;
let second: ChildProcess;
let secondUrl: string;
let organizationId: string;

function onA(path: string, token: string, init: RequestInit = {}) {
  return fetch(`${api.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
}

function onB(path: string, token: string) {
  return fetch(`${secondUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

/** Both processes have read (and now keep) the session. */
async function warmBoth(token: string): Promise<void> {
  for (let i = 0; i < 2; i += 1) {
    expect((await onA('/api/current_user', token)).status).toBe(200);
    expect((await onB('/api/current_user', token)).status).toBe(200);
  }
}

beforeAll(async () => {
  api = await startTestApi();
  organizationId = (await api.createOrganization()).id;
  ({ child: second, url: secondUrl } = await startSecondApi(api));
});

afterAll(async () => {
  await stopProcess(second);
  await api?.close();
});

describe('sessions kept in memory by several API processes', () => {
  it('logout on one process is refused on the other on the very next request', async () => {
    const user = await api.createUser({ organizationId });
    await warmBoth(user.token);
    expect((await onA('/api/auth/logout', user.token, { method: 'POST' })).status).toBe(204);
    expect((await onB('/api/current_user', user.token)).status).toBe(401);
    expect((await onA('/api/current_user', user.token)).status).toBe(401);
  });

  it('a role given on one process shows in the permissions on the other at once', async () => {
    const owner = await api.createUser({ organizationId, roles: ['Organization.Owner'] });
    const member = await api.createUser({ organizationId });
    await warmBoth(member.token);
    const before = (await (await onB('/api/current_user', member.token)).json()) as { permissions: string[] };
    expect(before.permissions).not.toContain('Organization.Update');
    const given = await onA(`/api/users/${member.id}/role`, owner.token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Organization.Owner' }),
    });
    expect(given.status).toBe(200);
    const after = (await (await onB('/api/current_user', member.token)).json()) as { permissions: string[] };
    expect(after.permissions).toContain('Organization.Update');
  });

  it('a user removed from the organisation on one process is no longer its member on the other at once', async () => {
    const owner = await api.createUser({ organizationId, roles: ['Organization.Owner'] });
    const removed = await api.createUser({ organizationId });
    await warmBoth(removed.token);
    expect(((await (await onB('/api/current_user', removed.token)).json()) as { organization: string }).organization).toBe(organizationId);
    expect((await onA(`/api/users/${removed.id}/remove_from_organization`, owner.token, { method: 'DELETE' })).status).toBe(204);
    // Removal keeps the person signed in, in a fresh personal organisation of their own.
    const after = await onB('/api/current_user', removed.token);
    expect(after.status).toBe(200);
    const body = (await after.json()) as { organization: string; permissions: string[] };
    expect(body.organization).not.toBe(organizationId);
    const [{ organization_id: stored }] = (await api.db.query('SELECT organization_id FROM users WHERE id = $1', [removed.id])) as { organization_id: string }[];
    expect(body.organization).toBe(stored);
  });

  it('a user deleted in the database directly is refused by both processes', async () => {
    const doomed = await api.createUser({ organizationId });
    await warmBoth(doomed.token);
    await api.db.query('DELETE FROM users WHERE id = $1', [doomed.id]);
    // No API write to wait on: the notification arrives within moments.
    await expect.poll(async () => (await onB('/api/current_user', doomed.token)).status, { timeout: 2000 }).toBe(401);
    await expect.poll(async () => (await onA('/api/current_user', doomed.token)).status, { timeout: 2000 }).toBe(401);
  });

  it('really answers from memory: without the notification a revoked session would still pass', async () => {
    const user = await api.createUser({ organizationId });
    await warmBoth(user.token);
    // Switched off for this one change only: the other process reads no database row per request.
    await api.db.query('ALTER TABLE sessions DISABLE TRIGGER sessions_notify');
    try {
      await api.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [user.id]);
    } finally {
      await api.db.query('ALTER TABLE sessions ENABLE TRIGGER sessions_notify');
    }
    expect((await onB('/api/current_user', user.token)).status).toBe(200);
    // Any later change of the session reaches it again.
    await api.db.query('UPDATE sessions SET expires_at = expires_at WHERE user_id = $1', [user.id]);
    await expect.poll(async () => (await onB('/api/current_user', user.token)).status).toBe(401);
  });
});
