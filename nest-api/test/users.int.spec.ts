import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS, FIELD_ERRORS } from '@datahub/domain';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { OWNER_PERMISSIONS, USER_CONTRIBUTOR_PERMISSIONS } from './expected-permissions';

let api: TestApi;
let anna: TestUser;
let colleague: TestUser;
let outsider: TestUser;
let platformAdmin: TestUser;

beforeAll(async () => {
  api = await startTestApi();
  const delta = await api.createOrganization();
  const west = await api.createOrganization();
  const [admin] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  anna = await api.createUser({ organizationId: delta.id, firstname: 'Anna', lastname: 'Akker' });
  colleague = await api.createUser({ organizationId: delta.id, roles: ['User.Contributor'] });
  outsider = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
  platformAdmin = await api.createUser({ organizationId: admin.id, roles: ['AdminOrganization.Owner'] });
});
afterAll(() => api?.close());

const put = (id: string, token: string, json: unknown) => api.request(`/api/users/${id}`, { method: 'PUT', token, json });
/** What is stored for a user: every refusal below must leave it exactly as it was. */
const stored = async (id: string) => (await api.db.query('SELECT firstname, lastname, email FROM users WHERE id = $1', [id]))[0];

describe('PUT /api/users/{id}', () => {
  it('changes your own first and last name, trimmed', async () => {
    const response = await put(anna.id, anna.token, { firstname: '  Anne ', lastname: 'Akkerman' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user_id: anna.id, firstname: 'Anne', lastname: 'Akkerman', email: anna.email });
    const me = await (await api.request('/api/current_user', { token: anna.token })).json();
    expect(me).toMatchObject({ firstname: 'Anne', lastname: 'Akkerman' });
  });

  it.each([
    [{ firstname: '' }, { firstname: FIELD_ERRORS.required }],
    [{ firstname: '   ' }, { firstname: FIELD_ERRORS.required }],
    [{ lastname: 'x'.repeat(101) }, { lastname: FIELD_ERRORS.maxLength(100) }],
    [{ firstname: 42 }, { firstname: FIELD_ERRORS.invalid }],
    [{ email: 'new@example.test' }, { email: FIELD_ERRORS.unknownField }],
  ])('refuses %j with Dutch field errors and changes nothing', async (body, errors) => {
    const before = await stored(anna.id);
    const response = await put(anna.id, anna.token, body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ statusCode: 422, detail: DETAILS.validationFailed, errors });
    expect(await stored(anna.id)).toEqual(before);
  });

  it('accepts exactly 100 characters and stores them', async () => {
    expect((await put(anna.id, anna.token, { lastname: 'y'.repeat(100) })).status).toBe(200);
    expect((await stored(anna.id)).lastname).toBe('y'.repeat(100));
  });

  it("refuses changes to anyone else's name with 403, inside or outside the organisation", async () => {
    const before = await stored(anna.id);
    expect((await put(anna.id, colleague.token, { firstname: 'Gehackt' })).status).toBe(403);
    expect((await put(anna.id, outsider.token, { firstname: 'Gehackt' })).status).toBe(403);
    expect((await put(anna.id, platformAdmin.token, { firstname: 'Gehackt' })).status).toBe(403);
    expect(await stored(anna.id)).toEqual(before);
    expect(before.firstname).not.toBe('Gehackt');
  });

  it('answers 404 for malformed ids and 403 for any id that is not yours, and changes nobody', async () => {
    const before = await stored(anna.id);
    expect((await put('not-a-uuid', anna.token, { firstname: 'X' })).status).toBe(404);
    expect((await put('00000000-0000-4000-8000-000000000000', anna.token, { firstname: 'X' })).status).toBe(403);
    expect(await stored(anna.id)).toEqual(before);
    expect(await api.db.query("SELECT id FROM users WHERE firstname = 'X'")).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const before = await stored(anna.id);
    const response = await api.request(`/api/users/${anna.id}`, { method: 'PUT', json: { firstname: 'X' } });
    expect(response.status).toBe(401);
    expect(await stored(anna.id)).toEqual(before);
  });
});

describe('GET /api/users/{id}/permissions', () => {
  it('gives your own effective permissions', async () => {
    const response = await api.request(`/api/users/${colleague.id}/permissions`, { token: colleague.token });
    expect(await response.json()).toEqual(USER_CONTRIBUTOR_PERMISSIONS);
  });

  it("shows a colleague's, and the platform admin sees anyone's", async () => {
    expect(await (await api.request(`/api/users/${colleague.id}/permissions`, { token: anna.token })).json()).toEqual(
      USER_CONTRIBUTOR_PERMISSIONS,
    );
    expect(await (await api.request(`/api/users/${outsider.id}/permissions`, { token: platformAdmin.token })).json()).toEqual(
      OWNER_PERMISSIONS,
    );
  });

  it("hides another organisation's users", async () => {
    const response = await api.request(`/api/users/${anna.id}/permissions`, { token: outsider.token });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, detail: DETAILS.notFound });
  });
});
