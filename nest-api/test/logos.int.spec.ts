import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_FIELD_ERRORS } from '@datahub/domain';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { JPEG_BYTES, PNG_BYTES, SVG_BYTES } from './images';

let api: TestApi;
let admin: TestUser;
let deltaOwner: TestUser;
let deltaMember: TestUser;
let westOwner: TestUser;
let delta: { id: string; slug: string };

beforeAll(async () => {
  api = await startTestApi();
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  const west = await api.createOrganization({ name: 'Kassenbouw West' });
  const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  admin = await api.createUser({ organizationId: adminOrganizationId, roles: ['AdminOrganization.Owner'] });
  deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  deltaMember = await api.createUser({ organizationId: delta.id });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
});
afterAll(() => api?.close());

async function newApplication() {
  const response = await api.request('/api/applications', {
    method: 'POST',
    token: admin.token,
    json: { name: `Logo-app ${Math.random().toString(36).slice(2, 8)}`, owner_organization: delta.id, about: 'Over', usage: 'Gebruik', url: 'https://app.example.nl' },
  });
  return response.json();
}

const upload = (path: string, body: Buffer, contentType: string, token = admin.token) =>
  api.request(path, { method: 'PUT', token, headers: { 'content-type': contentType }, body });

describe('logos', () => {
  it('stores an uploaded PNG and serves it from logo_url with a strict type, a sandbox CSP and long caching', async () => {
    const application = await newApplication();
    const response = await upload(`/api/applications/${application.application_id}/logo`, PNG_BYTES, 'image/png');
    expect(response.status).toBe(200);
    const { logo_url } = await response.json();
    expect(logo_url).toMatch(/^\/api\/logos\/[0-9a-f-]{36}$/);
    expect((await (await api.request(`/api/application/${application.slug}`, { token: deltaMember.token })).json()).logo_url).toBe(logo_url);

    const served = await api.request(logo_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox");
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    const again = await api.request(logo_url, { headers: { 'if-none-match': served.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('takes the type from the bytes: a JPEG declared as SVG is served as JPEG, SVG and HTML are refused whatever they claim', async () => {
    const application = await newApplication();
    const path = `/api/applications/${application.application_id}/logo`;
    const jpeg = await upload(path, JPEG_BYTES, 'image/svg+xml');
    expect(jpeg.status).toBe(200);
    expect((await api.request((await jpeg.json()).logo_url)).headers.get('content-type')).toBe('image/jpeg');
    for (const [bytes, type] of [
      [SVG_BYTES, 'image/svg+xml'],
      [SVG_BYTES, 'image/png'],
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/jpeg'],
    ] as const) {
      const refused = await upload(path, bytes, type);
      expect(refused.status).toBe(422);
      expect((await refused.json()).errors).toEqual({ logo: APPLICATION_FIELD_ERRORS.logoType });
    }
    expect((await upload(path, Buffer.alloc(0), 'image/png')).status).toBe(422);
  });

  it('refuses more than 512 KB and accepts exactly 512 KB', async () => {
    const application = await newApplication();
    const path = `/api/applications/${application.application_id}/logo`;
    const padded = (size: number) => Buffer.concat([PNG_BYTES, Buffer.alloc(size - PNG_BYTES.length)]);
    expect((await upload(path, padded(512 * 1024 + 1), 'image/png')).status).toBe(413);
    expect((await upload(path, padded(512 * 1024), 'image/png')).status).toBe(200);
  });

  it('removes the old logo when replaced, removed, or with its application', async () => {
    const application = await newApplication();
    const path = `/api/applications/${application.application_id}/logo`;
    const first = (await (await upload(path, PNG_BYTES, 'image/png')).json()).logo_url;
    const second = (await (await upload(path, JPEG_BYTES, 'image/jpeg')).json()).logo_url;
    expect((await api.request(first)).status).toBe(404);
    expect((await api.request(second)).status).toBe(200);
    expect((await api.request(path, { method: 'DELETE', token: admin.token })).status).toBe(204);
    expect((await api.request(second)).status).toBe(404);
    expect((await (await api.request(`/api/application/${application.slug}`, { token: admin.token })).json()).logo_url).toBeNull();

    const third = (await (await upload(path, PNG_BYTES, 'image/png')).json()).logo_url;
    expect((await api.request(`/api/applications/${application.application_id}`, { method: 'DELETE', token: admin.token })).status).toBe(204);
    expect((await api.request(third)).status).toBe(404);
  });

  it("keeps the logo through a PUT that sends it back unchanged, and drops it with logo_url null", async () => {
    const application = await newApplication();
    const url = (await (await upload(`/api/applications/${application.application_id}/logo`, PNG_BYTES, 'image/png')).json()).logo_url;
    const body = { name: application.name, owner_organization: delta.id, about: 'Over', usage: 'Gebruik', url: 'https://app.example.nl' };
    const kept = await api.request(`/api/applications/${application.application_id}`, { method: 'PUT', token: admin.token, json: { ...body, logo_url: url } });
    expect((await kept.json()).logo_url).toBe(url);
    const dropped = await api.request(`/api/applications/${application.application_id}`, { method: 'PUT', token: admin.token, json: { ...body, logo_url: null } });
    expect((await dropped.json()).logo_url).toBeNull();
    expect((await api.request(url)).status).toBe(404);
  });

  it('lets an organisation with Organization.Update set its own logo, shown on its views; others are refused', async () => {
    const path = `/api/organizations/${delta.id}/logo`;
    expect((await upload(path, PNG_BYTES, 'image/png', westOwner.token)).status).toBe(403);
    expect((await upload(path, PNG_BYTES, 'image/png', deltaMember.token)).status).toBe(403);
    const response = await upload(path, PNG_BYTES, 'image/png', deltaOwner.token);
    expect(response.status).toBe(200);
    const { logo_url } = await response.json();
    expect((await (await api.request(`/api/organizations/${delta.slug}`, { token: deltaMember.token })).json()).logo_url).toBe(logo_url);
    expect((await api.request(path, { method: 'DELETE', token: deltaOwner.token })).status).toBe(204);
    expect((await api.request(logo_url)).status).toBe(404);
    expect((await upload('/api/organizations/00000000-0000-4000-8000-000000000001/logo', PNG_BYTES, 'image/png', admin.token)).status).toBe(404);
  });
});
