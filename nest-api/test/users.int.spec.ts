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
    const response = await put(anna.id, anna.token, body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ statusCode: 422, detail: DETAILS.validationFailed, errors });
    const [row] = await api.db.query('SELECT firstname, lastname, email FROM users WHERE id = $1', [anna.id]);
    expect(row).toEqual({ firstname: 'Anne', lastname: 'Akkerman', email: anna.email });
  });

  it('accepts exactly 100 characters', async () => {
    expect((await put(anna.id, anna.token, { lastname: 'y'.repeat(100) })).status).toBe(200);
  });

  it("refuses changes to anyone else's name with 403, inside or outside the organisation", async () => {
    expect((await put(anna.id, colleague.token, { firstname: 'Gehackt' })).status).toBe(403);
    expect((await put(anna.id, outsider.token, { firstname: 'Gehackt' })).status).toBe(403);
    expect((await put(anna.id, platformAdmin.token, { firstname: 'Gehackt' })).status).toBe(403);
    const [row] = await api.db.query('SELECT firstname FROM users WHERE id = $1', [anna.id]);
    expect(row.firstname).toBe('Anne');
  });

  it('answers 404 for malformed ids and 403 for any id that is not yours', async () => {
    expect((await put('not-a-uuid', anna.token, { firstname: 'X' })).status).toBe(404);
    expect((await put('00000000-0000-4000-8000-000000000000', anna.token, { firstname: 'X' })).status).toBe(403);
  });

  it('needs a signed-in user', async () => {
    const response = await api.request(`/api/users/${anna.id}`, { method: 'PUT', json: { firstname: 'X' } });
    expect(response.status).toBe(401);
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
