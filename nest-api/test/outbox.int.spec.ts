import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('without SMTP_URL', () => {
  it('keeps mail in an outbox that only organisation admins can read', async () => {
    const organization = await api.createOrganization();
    const owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
    const [adminOrganization] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
    const admin = await api.createUser({ organizationId: adminOrganization.id });
    expect((await api.request('/api/invitations', { method: 'POST', token: owner.token, json: { email: 'postvak@elders.test' } })).status).toBe(201);
    const outbox = await (await api.request('/api/outbox', { token: admin.token })).json();
    expect(outbox[0]).toMatchObject({ recipient: 'postvak@elders.test' });
    expect(outbox[0].body).toMatch(/\/uitnodiging\/[A-Za-z0-9_-]{43}/);
    expect((await api.request('/api/outbox', { token: owner.token })).status).toBe(403);
  });
});
