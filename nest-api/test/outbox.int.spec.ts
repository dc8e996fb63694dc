import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OUTBOX_ON_NOTE } from '../src/mail/mail.service';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('without SMTP_URL', () => {
  it('keeps mail in an outbox that only the admin organisation’s owners can read', async () => {
    const organization = await api.createOrganization();
    const owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
    const [adminOrganization] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
    const platformOwner = await api.createUser({ organizationId: adminOrganization.id, roles: ['AdminOrganization.Owner'] });
    expect((await api.request('/api/invitations', { method: 'POST', token: owner.token, json: { email: 'postvak@elders.test' } })).status).toBe(201);
    const outbox = await (await api.request('/api/outbox', { token: platformOwner.token })).json();
    expect(outbox[0]).toMatchObject({ recipient: 'postvak@elders.test' });
    expect(outbox[0].body).toMatch(/\/uitnodiging\/[A-Za-z0-9_-]{43}/);
    expect((await api.request('/api/outbox', { token: owner.token })).status).toBe(403);
  });

  // Issue 19: any member of the admin organisation could read every verification and invitation link.
  it('refuses admin-organisation members without the owner role', async () => {
    const [adminOrganization] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
    const plainMember = await api.createUser({ organizationId: adminOrganization.id });
    const contributor = await api.createUser({ organizationId: adminOrganization.id, roles: ['Application.Contributor', 'User.Contributor'] });
    for (const user of [plainMember, contributor]) {
      const response = await api.request('/api/outbox', { token: user.token });
      expect(response.status).toBe(403);
      expect(JSON.stringify(await response.json())).not.toContain('uitnodiging');
    }
  });
});

describe('with SMTP_URL', () => {
  it('serves no outbox at all, not even to the platform’s owners', async () => {
    const withSmtp = await startTestApi({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const [adminOrganization] = await withSmtp.db.query('SELECT id FROM organizations WHERE is_admin');
      const platformOwner = await withSmtp.createUser({ organizationId: adminOrganization.id, roles: ['AdminOrganization.Owner'] });
      expect((await withSmtp.request('/api/outbox', { token: platformOwner.token })).status).toBe(404);
    } finally {
      await withSmtp.close();
    }
  });
});

describe('at start', () => {
  it('says the outbox is on only when no SMTP_URL is set', async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const keeping = await startTestApi({ LOG_LEVEL: 'warn' });
      await keeping.close();
      expect(written.join('')).toContain(OUTBOX_ON_NOTE);
      written.length = 0;
      const sending = await startTestApi({ LOG_LEVEL: 'warn', SMTP_URL: 'smtp://127.0.0.1:9' });
      await sending.close();
      expect(written.join('')).not.toContain(OUTBOX_ON_NOTE);
    } finally {
      spy.mockRestore();
    }
  });
});
