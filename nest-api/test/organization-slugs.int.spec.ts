import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS } from '@datahub/domain';
import { LicenceSyncService } from '../src/applications/licence-sync.service';
import { freePort } from '../src/database/embedded-postgres';
import { startTestApi, TEST_PASSWORD, type TestApi, type TestUser } from './harness';
import { startMailbox, type Mailbox } from './mailbox';

/**
 * Issue 37: a personal organisation (made at self sign-up) leaves its tmp- slug for the slug of its
 * first real name, once; the tmp- address keeps answering with a 301 to the new one.
 */
let api: TestApi;
let mailbox: Mailbox;
let delta: { id: string; name: string; slug: string };
let deltaOwner: TestUser;
let admin: TestUser;
/** A licence server on loopback answering `licenceList`. */
let licenceServer: Server;
let licenceServerUrl: string;
let licenceList: unknown[] = [];

beforeAll(async () => {
  const port = await freePort();
  licenceServer = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(licenceList)));
  await new Promise<void>((resolve) => licenceServer.listen(port, '127.0.0.1', resolve));
  licenceServerUrl = `http://127.0.0.1:${port}/licences`;
  mailbox = await startMailbox();
  api = await startTestApi({ SMTP_URL: mailbox.url, ALLOW_PRIVATE_HOSTS: 'true' });
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  const [adminOrganization] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  admin = await api.createUser({ organizationId: adminOrganization.id, roles: ['AdminOrganization.Owner'] });
});
afterAll(async () => {
  await api?.close();
  await mailbox?.close();
  licenceServer?.closeAllConnections();
  licenceServer?.close();
});

interface SignedUp {
  token: string;
  userId: string;
  organizationId: string;
  slug: string;
}

/** Self sign-up as the portal does it: the form, the mailed link, the password again. */
async function signUpPersonal(email: string): Promise<SignedUp> {
  const signup = await api.request('/api/auth/signup', {
    method: 'POST',
    json: { firstname: 'Vera', lastname: 'Vreemd', email, password: TEST_PASSWORD },
  });
  expect(signup.status).toBe(202);
  const [mail] = await mailbox.mailsTo(email, 1);
  const link = /\/registreren\/bevestigen\/([A-Za-z0-9_-]+)/.exec(mail.text);
  const verified = await api.request('/api/auth/signup/verify', { method: 'POST', json: { token: link![1], password: TEST_PASSWORD } });
  const { access_token: token } = await verified.json();
  const me = await (await api.request('/api/current_user', { token })).json();
  expect(me.organization_name).toMatch(/^tmp_[0-9a-f]{12}$/);
  expect(me.organization_slug).toMatch(/^tmp-[0-9a-f]{12}$/);
  return { token, userId: me.user_id, organizationId: me.organization, slug: me.organization_slug };
}

const put = (id: string, token: string, json: unknown) => api.request(`/api/organizations/${id}`, { method: 'PUT', token, json });

describe('the slug follows the first real name of a personal organisation', () => {
  it('takes the slug of the first name, once; the tmp- address answers 301 to the new one, also after a second rename', async () => {
    const owner = await signUpPersonal('zon@elders.test');

    const named = await put(owner.organizationId, owner.token, { name: 'Kwekerij Zonneveld', kvk_number: '1234' });
    expect(named.status).toBe(200);
    expect(await named.json()).toMatchObject({ name: 'Kwekerij Zonneveld', slug: 'kwekerij-zonneveld', kvk_number: 1234 });
    const me = await (await api.request('/api/current_user', { token: owner.token })).json();
    expect(me.organization_slug).toBe('kwekerij-zonneveld');
    expect((await api.request('/api/organizations/kwekerij-zonneveld', { token: owner.token })).status).toBe(200);

    // The old address, and what lies under it, moved permanently.
    for (const [under, expected] of [
      ['', '/api/organizations/kwekerij-zonneveld'],
      ['/users', '/api/organizations/kwekerij-zonneveld/users'],
      ['/licences', '/api/organizations/kwekerij-zonneveld/licences'],
    ]) {
      const moved = await api.request(`/api/organizations/${owner.slug}${under}`, { token: owner.token });
      expect(moved.status, under).toBe(301);
      expect(moved.headers.get('location'), under).toBe(expected);
      expect(await moved.json()).toEqual({ statusCode: 301, detail: DETAILS.movedPermanently });
    }

    // The organisation's applications, a list for everyone signed in, too.
    const applications = await api.request(`/api/organizations/${owner.slug}/applications`, { token: deltaOwner.token });
    expect(applications.status).toBe(301);
    expect(applications.headers.get('location')).toBe('/api/organizations/kwekerij-zonneveld/applications');
    expect((await api.request('/api/organizations/tmp-000000000000/applications', { token: owner.token })).status).toBe(404);

    // A second rename keeps the address: only the first real name sets it.
    const renamed = await put(owner.organizationId, owner.token, { name: 'Zonneveld Glas' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: 'Zonneveld Glas', slug: 'kwekerij-zonneveld' });
    const still = await api.request(`/api/organizations/${owner.slug}`, { token: owner.token });
    expect(still.status).toBe(301);
    expect(still.headers.get('location')).toBe('/api/organizations/kwekerij-zonneveld');
    expect(await api.db.query('SELECT slug FROM organization_former_slugs WHERE organization_id = $1', [owner.organizationId])).toEqual([
      { slug: owner.slug },
    ]);

    // The Logboek row of the naming says which address was replaced.
    const [audit] = await api.db.query(
      `SELECT before, after FROM audit_log WHERE kind = 'organization.changed' AND subject_id = $1 ORDER BY created_at LIMIT 1`,
      [owner.organizationId],
    );
    expect(audit.before.slug).toBe(owner.slug);
    expect(audit.after.slug).toBe('kwekerij-zonneveld');

    // An organisation that always had a name keeps its slug on renaming, as before.
    const deltaRenamed = await put(delta.id, deltaOwner.token, { name: 'Kwekerij Delta Twee' });
    expect((await deltaRenamed.json()).slug).toBe(delta.slug);
  });

  it('takes the next free slug when the name’s slug is taken, by a current or a former address', async () => {
    const owner = await signUpPersonal('delta-twee@elders.test');
    // 'Kwekerij-Delta' is another name than 'Kwekerij Delta', with the same slug.
    const named = await put(owner.organizationId, owner.token, { name: 'Kwekerij-Delta' });
    expect(named.status).toBe(200);
    expect((await named.json()).slug).toBe('kwekerij-delta-2');

    // A former address stays with its organisation: a name slugging to it gets another one.
    const other = await signUpPersonal('tmp-naam@elders.test');
    const taken = await put(other.organizationId, other.token, { name: `tmp ${owner.slug.slice('tmp-'.length)}` });
    expect(taken.status).toBe(200);
    expect((await taken.json()).slug).toBe(`${owner.slug}-2`);
    const moved = await api.request(`/api/organizations/${owner.slug}`, { token: owner.token });
    expect(moved.headers.get('location')).toBe('/api/organizations/kwekerij-delta-2');
  });

  it('keeps the object checks: others get the same 403 at a former address, no redirect; naming needs Organization.Update', async () => {
    const owner = await signUpPersonal('eigen@elders.test');
    const member = await api.createUser({ organizationId: owner.organizationId });
    const refused = await put(owner.organizationId, member.token, { name: 'Gekaapt' });
    expect(refused.status).toBe(403);
    const foreign = await put(owner.organizationId, deltaOwner.token, { name: 'Gekaapt' });
    expect(foreign.status).toBe(403);
    expect((await api.db.query('SELECT slug FROM organizations WHERE id = $1', [owner.organizationId]))[0].slug).toBe(owner.slug);

    expect((await put(owner.organizationId, owner.token, { name: 'Eigen Kas' })).status).toBe(200);
    for (const under of ['', '/users', '/licences']) {
      const hidden = await api.request(`/api/organizations/${owner.slug}${under}`, { token: deltaOwner.token });
      expect(hidden.status, under).toBe(403);
      expect(hidden.headers.get('location')).toBeNull();
      expect(await hidden.json()).toEqual({ statusCode: 403, detail: DETAILS.forbidden });
    }
    // Members follow it; a platform admin too; nobody signed out does.
    const forMember = await api.request(`/api/organizations/${owner.slug}`, { token: member.token });
    expect(forMember.status).toBe(301);
    const forAdmin = await api.request(`/api/organizations/${owner.slug}/users`, { token: admin.token });
    expect(forAdmin.status).toBe(301);
    expect(forAdmin.headers.get('location')).toBe('/api/organizations/eigen-kas/users');
    expect((await api.request(`/api/organizations/${owner.slug}`)).status).toBe(401);
  });

  it('finds the organisation when a licence server still lists it under its former slug', async () => {
    const owner = await signUpPersonal('licentie@elders.test');
    expect((await put(owner.organizationId, owner.token, { name: 'Licentiekas' })).status).toBe(200);
    licenceList = [{ application_slug: 'kasplanner', organization_slug: owner.slug, end_date: '2031-01-01T00:00:00Z' }];
    const created = await api.request('/api/applications', {
      method: 'POST',
      token: admin.token,
      json: { name: 'Kasplanner', owner_organization: delta.id, about: 'Over', usage: 'Gebruik', url: 'https://app.example.nl', url_licence_server: licenceServerUrl },
    });
    expect(created.status).toBe(201);
    await api.app.get(LicenceSyncService).sync((await created.json()).application_id);
    const licences = await (await api.request('/api/organizations/licentiekas/licences', { token: owner.token })).json();
    expect(licences).toEqual([{ application_name: 'Kasplanner', application_slug: 'kasplanner', application_logo_url: null, end_date: '2031-01-01T00:00:00.000Z' }]);
  });
});
