import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS, FIELD_ERRORS, permissionsForRoles } from '@datahub/domain';
import { startTestApi, TEST_JWT_SECRET, TEST_PASSWORD, type TestApi, type TestUser } from './harness';

let api: TestApi;
let organization: { id: string; name: string; slug: string };
let member: TestUser;

beforeAll(async () => {
  api = await startTestApi();
  organization = await api.createOrganization({ name: 'Kwekerij Zon', domain: 'kwekerij-zon.test' });
  member = await api.createUser({ organizationId: organization.id, firstname: 'Mia', lastname: 'Meijer' });
});
afterAll(() => api?.close());

async function login(email: string, password: string) {
  return api.request('/api/auth/login', { method: 'POST', json: { email, password } });
}

function claimsOf(token: string) {
  return jwt.decode(token) as jwt.JwtPayload;
}

describe('sign-in', () => {
  it('issues a token that identifies the user', async () => {
    const response = await login(member.email.toUpperCase(), TEST_PASSWORD);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now());
    const claims = claimsOf(body.access_token);
    expect(claims).toMatchObject({ sub: member.id, email: member.email, given_name: 'Mia', family_name: 'Meijer', iss: 'datahub-portal-api', aud: 'datahub-portal' });
    const me = await api.request('/api/current_user', { token: body.access_token });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      user_id: member.id,
      firstname: 'Mia',
      lastname: 'Meijer',
      email: member.email,
      organization: organization.id,
      organization_name: 'Kwekerij Zon',
      organization_slug: organization.slug,
      organization_admin: false,
      // The shell's permissions come with the user: one call per page.
      permissions: [...permissionsForRoles([])].sort(),
      two_factor_enrolment_required: false,
    });
    expect(permissionsForRoles([])).toContain('Dataset.Read');
  });

  it('refuses a wrong password and an unknown account alike', async () => {
    for (const [email, password] of [
      [member.email, 'wrong-password-123'],
      ['nobody@example.test', TEST_PASSWORD],
    ]) {
      const response = await login(email, password);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ statusCode: 401, detail: DETAILS.invalidCredentials });
    }
  });

  it('answers missing fields with Dutch per-field errors', async () => {
    const response = await api.request('/api/auth/login', { method: 'POST', json: { email: '' } });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.detail).toBe(DETAILS.validationFailed);
    expect(body.errors).toMatchObject({ email: FIELD_ERRORS.required, password: FIELD_ERRORS.required });
  });

  it('marks the platform admin as organization_admin', async () => {
    const response = await login('platform-owner@datahub.test', TEST_PASSWORD);
    const { access_token } = await response.json();
    const me = await (await api.request('/api/current_user', { token: access_token })).json();
    expect(me.organization_admin).toBe(true);
    expect(me.organization_name).toBe('Datahub Beheer');
  });
});

describe('tokens that do not count', () => {
  it('refuses a request without a token', async () => {
    const response = await api.request('/api/current_user');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ statusCode: 401, detail: DETAILS.unauthenticated });
  });

  it('refuses tampered, expired, alg:none, wrongly addressed and foreign-signed tokens', async () => {
    const claims = claimsOf(member.token);
    const other = await api.createUser({ organizationId: organization.id });
    const [header, payload, signature] = member.token.split('.');
    const swapped = Buffer.from(JSON.stringify({ ...claims, sub: other.id })).toString('base64url');
    const base = { sub: claims.sub, jti: claims.jti, email: claims.email };
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const forged = {
      tampered: `${header}.${swapped}.${signature}`,
      expired: jwt.sign({ ...base, exp: Math.floor(Date.now() / 1000) - 60 }, TEST_JWT_SECRET, { issuer: 'datahub-portal-api', audience: 'datahub-portal' }),
      none,
      wrongAudience: jwt.sign(base, TEST_JWT_SECRET, { issuer: 'datahub-portal-api', audience: 'somebody-else', expiresIn: 600 }),
      wrongIssuer: jwt.sign(base, TEST_JWT_SECRET, { issuer: 'evil', audience: 'datahub-portal', expiresIn: 600 }),
      otherAlgorithm: jwt.sign(base, TEST_JWT_SECRET, { algorithm: 'HS512', issuer: 'datahub-portal-api', audience: 'datahub-portal', expiresIn: 600 }),
      otherSecret: jwt.sign(base, 'another-secret-another-secret-another-secret', { issuer: 'datahub-portal-api', audience: 'datahub-portal', expiresIn: 600 }),
      garbage: 'not.a.token',
    };
    // The genuine token still works, so the refusals below are about the forgery.
    expect((await api.request('/api/current_user', { token: member.token })).status).toBe(200);
    for (const [kind, token] of Object.entries(forged)) {
      const response = await api.request('/api/current_user', { token });
      expect(response.status, kind).toBe(401);
    }
  });

  it('refuses a token that was accepted before once its own expiry has passed', async () => {
    // Verified tokens are remembered; the remembered ones must still expire on time.
    const claims = claimsOf(member.token);
    // Long enough that the three requests before the wait finish well inside it on a loaded machine.
    const exp = Math.floor(Date.now() / 1000) + 5;
    const shortLived = jwt.sign({ sub: claims.sub, jti: claims.jti, email: claims.email, exp }, TEST_JWT_SECRET, {
      issuer: 'datahub-portal-api',
      audience: 'datahub-portal',
    });
    expect((await api.request('/api/current_user', { token: shortLived })).status).toBe(200);
    // A token is remembered by its exact text: the same claims with another signature are refused.
    const [header, payload] = shortLived.split('.');
    const broken = `${header}.${payload}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    expect((await api.request('/api/current_user', { token: broken })).status).toBe(401);
    expect((await api.request('/api/current_user', { token: shortLived })).status).toBe(200);
    await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 50));
    expect((await api.request('/api/current_user', { token: shortLived })).status).toBe(401);
    expect((await api.request('/api/current_user', { token: member.token })).status).toBe(200);
  });

  it('refuses a token whose session was revoked by logout', async () => {
    const { access_token } = await (await login(member.email, TEST_PASSWORD)).json();
    expect((await api.request('/api/current_user', { token: access_token })).status).toBe(200);
    const logout = await api.request('/api/logout', { headers: { cookie: `access_token=${access_token}` } });
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/inloggen?uitgelogd=1');
    const cookies = logout.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('access_token=;') && c.includes('Max-Age=0'))).toBe(true);
    expect(cookies.some((c) => c.startsWith('XSRF-TOKEN=;') && c.includes('Max-Age=0'))).toBe(true);
    expect((await api.request('/api/current_user', { token: access_token })).status).toBe(401);
    // Other sessions of the same user live on.
    expect((await api.request('/api/current_user', { token: member.token })).status).toBe(200);
  });

  it('revokes through POST /api/auth/logout as well', async () => {
    const { access_token } = await (await login(member.email, TEST_PASSWORD)).json();
    expect((await api.request('/api/auth/logout', { method: 'POST', token: access_token })).status).toBe(204);
    expect((await api.request('/api/current_user', { token: access_token })).status).toBe(401);
  });

  it('refuses the token of a deleted user', async () => {
    const doomed = await api.createUser({ organizationId: organization.id });
    await api.db.query('DELETE FROM users WHERE id = $1', [doomed.id]);
    expect((await api.request('/api/current_user', { token: doomed.token })).status).toBe(401);
  });
});

describe('login redirect', () => {
  it.each([
    ['/profiel', '/profiel'],
    ['/datasets?q=kas', '/datasets?q=kas'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
  ])('GET /api/login?redirect_uri=%s leads to the login page returning to %s', async (target, expected) => {
    const response = await api.request(`/api/login?redirect_uri=${encodeURIComponent(target)}`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!, 'http://portal.test');
    expect(location.pathname).toBe('/inloggen');
    expect(location.searchParams.get('redirect_uri')).toBe(expected);
  });

  // Issue 19: as typed in an address bar, dot segments and encoded slashes or backslashes.
  it.each(['/./%2F%2Fevil.example', '/.//evil.example', '/%5C%5Cevil.example', '/..//evil.example', '/%2E%2E//evil.example'])(
    'GET /api/login?redirect_uri=%s returns to the start page',
    async (raw) => {
      const response = await api.request(`/api/login?redirect_uri=${raw}`);
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!, 'http://portal.test');
      expect(location.searchParams.get('redirect_uri')).toBe('/');
    },
  );
});

describe('sign-up', () => {
  // Placement, verification links and the answer for taken addresses: signup-verification.int.spec.ts.
  it('validates every field in Dutch and creates nothing', async () => {
    const before = await api.db.query('SELECT count(*)::int AS n FROM users');
    const response = await api.request('/api/auth/signup', {
      method: 'POST',
      json: { firstname: '', lastname: 'x'.repeat(101), email: 'geen-adres', password: 'kort' },
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({
      firstname: FIELD_ERRORS.required,
      lastname: FIELD_ERRORS.maxLength(100),
      email: FIELD_ERRORS.email,
      password: FIELD_ERRORS.minLength(12),
    });
    expect(await api.db.query('SELECT count(*)::int AS n FROM users')).toEqual(before);
  });
});

describe('sign-in options', () => {
  it('lists no providers and sign-up enabled by default', async () => {
    expect(await (await api.request('/api/auth/providers')).json()).toEqual({ signup_enabled: true, providers: [] });
  });
});
