import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_INPUT_DETAILS, FIELD_ERRORS } from '@datahub/domain';
import { startTestApi, type TestApi, type TestUser } from './harness';

/** Hostile bodies are refused before validation runs: too deep, too large, not an object, control characters. */
let api: TestApi;
let owner: TestUser;

beforeAll(async () => {
  api = await startTestApi();
  const organization = await api.createOrganization();
  owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
});
afterAll(() => api?.close());

function post(path: string, body: string, token?: string, contentType = 'application/json') {
  return api.request(path, { method: 'POST', body, token, headers: { 'content-type': contentType } });
}

const nested = (depth: number) => `{"email":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`;

describe('request bodies', () => {
  it.each([
    ['/api/auth/login', undefined],
    ['/api/auth/signup', undefined],
    ['/api/datasources', 'owner'],
  ])('refuses JSON nested 2,000 deep on %s with 422 and a Dutch detail', async (path, who) => {
    const response = await post(path, nested(2000), who ? owner.token : undefined);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ statusCode: 422, detail: BAD_INPUT_DETAILS.tooDeep });
  });

  it('still accepts ordinary nesting', async () => {
    const response = await post('/api/auth/login', nested(3));
    expect(response.status).toBe(422);
    expect((await response.json()).detail).not.toBe(BAD_INPUT_DETAILS.tooDeep);
  });

  it('refuses a sign-in body larger than its route allows with 413 and a Dutch detail', async () => {
    const response = await post('/api/auth/login', JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(40_000) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ statusCode: 413, detail: BAD_INPUT_DETAILS.tooLarge });
  });

  it('refuses a 2 MB body anywhere with 413', async () => {
    const response = await post('/api/datasources', JSON.stringify({ name: 'x'.repeat(2_000_000) }), owner.token);
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toBe(BAD_INPUT_DETAILS.tooLarge);
  });

  it.each(['"tekst"', '42', 'null', '[1,2]', 'true'])('refuses the non-object body %s with 422 in Dutch', async (body) => {
    const response = await post('/api/auth/login', body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ statusCode: 422, detail: BAD_INPUT_DETAILS.notAnObject });
  });

  it('refuses broken JSON with 400 in Dutch', async () => {
    const response = await post('/api/auth/login', '{"email":');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: 400, detail: BAD_INPUT_DETAILS.badJson });
  });

  it('refuses another content type with 415 in Dutch', async () => {
    const response = await post('/api/auth/login', 'email=a', undefined, 'application/x-www-form-urlencoded');
    expect(response.status).toBe(415);
    expect((await response.json()).detail).toBe(BAD_INPUT_DETAILS.contentType);
  });

  it.each([
    ['NUL', 'Kwekerij\u0000Nul'],
    ['a lone surrogate', 'Kwekerij \ud800'],
    ['CR/LF', 'Kwekerij\r\nBcc: iedereen@example.test'],
    ['escape', 'Kwekerij\u001b[31m'],
  ])('refuses %s in a text field with 422 naming the field', async (_what, name) => {
    const response = await post('/api/datasources', JSON.stringify({ name }), owner.token);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ statusCode: 422, detail: BAD_INPUT_DETAILS.controlCharacters, errors: { name: FIELD_ERRORS.controlCharacters } });
  });

  it('refuses null where a string is expected with 422 per field', async () => {
    const response = await post('/api/auth/login', JSON.stringify({ email: null, password: null }));
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'password']);
  });
});
