import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, refusalInit } from './api.server';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  process.env.API_URL = 'http://api.test:3001';
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function reply(status: number, body?: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

function browserRequest(path: string, cookie = 'access_token=tok123') {
  return new Request(`http://portal.test${path}`, {
    headers: { Cookie: cookie, 'X-Forwarded-For': '203.0.113.9', 'X-Request-Id': 'portal-request-0001' },
  });
}

/** What went out: fetch is handed the address and init, and makes the Request from them. */
function sentRequest(): Request {
  const [input, init] = fetchMock.mock.calls[0]!;
  expect(typeof input).toBe('string');
  return new Request(input as string, init);
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a thrown Response');
}

describe('apiRequest', () => {
  it('sends the bearer token, the client address and JSON', async () => {
    reply(200, { ok: 1 });
    const result = await apiRequest(browserRequest('/profiel'), 'put', '/api/users/{id}', {
      params: { path: { id: 'a7/b' } },
      body: { firstname: 'A' },
    });
    expect(result).toEqual({ ok: true, status: 200, data: { ok: 1 } });
    const sent = sentRequest();
    expect(sent.method).toBe('PUT');
    // Path parameters are encoded: no way to reach another path through an id.
    expect(sent.url).toBe('http://api.test:3001/api/users/a7%2Fb');
    expect(sent.headers.get('Authorization')).toBe('Bearer tok123');
    expect(sent.headers.get('X-Forwarded-For')).toBe('203.0.113.9');
    expect(sent.headers.get('X-Request-Id')).toBe('portal-request-0001');
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(await sent.text()).toBe('{"firstname":"A"}');
  });

  it('turns 401 into the way to the sign-in page, forgetting the token', async () => {
    reply(401, { statusCode: 401, detail: 'not authenticated' });
    const response = await thrown(apiRequest(browserRequest('/profiel.data?tab=a&_routes=root'), 'get', '/api/current_user'));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/inloggen?redirect_uri=%2Fprofiel%3Ftab%3Da');
    expect(response.headers.get('Set-Cookie')).toMatch(/^access_token=;/);
    expect(response.headers.get('Set-Cookie')?.split('; ')).toEqual(expect.arrayContaining(['Path=/', 'Max-Age=0']));
  });

  it('does not call the API without a token', async () => {
    const response = await thrown(apiRequest(browserRequest('/', ''), 'get', '/api/current_user'));
    expect(response.headers.get('Location')).toBe('/inloggen');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([403, 404])('throws %i for the error boundary', async (status) => {
    reply(status, { statusCode: status, detail: 'x' });
    expect((await thrown(apiRequest(browserRequest('/'), 'get', '/api/current_user'))).status).toBe(status);
  });

  it('hands 422 field errors back to the form', async () => {
    reply(422, { statusCode: 422, detail: 'validation failed', errors: { firstname: 'Dit veld is verplicht.' } });
    const result = await apiRequest(browserRequest('/profiel'), 'put', '/api/users/{id}', { params: { path: { id: '7' } }, body: {} });
    expect(result).toEqual({
      ok: false,
      status: 422,
      error: { statusCode: 422, detail: 'validation failed', errors: { firstname: 'Dit veld is verplicht.' } },
    });
  });

  it('returns 401 as a result for calls without the token (sign-in)', async () => {
    reply(401, { statusCode: 401, detail: 'invalid credentials' });
    const result = await apiRequest(browserRequest('/inloggen'), 'post', '/api/auth/login', { body: { email: 'a@b.test', password: 'x' } }, { auth: 'none' });
    expect(result).toMatchObject({ ok: false, status: 401, error: { detail: 'invalid credentials' } });
    expect(sentRequest().headers.has('Authorization')).toBe(false);
  });

  it('throws 502 when the API fails and 503 when it cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    reply(500, { statusCode: 500, detail: 'internal error' });
    expect((await thrown(apiRequest(browserRequest('/'), 'get', '/api/current_user'))).status).toBe(502);
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    expect((await thrown(apiRequest(browserRequest('/'), 'get', '/api/current_user'))).status).toBe(503);
  });
});

describe('refusalInit', () => {
  it('passes nest-api’s Retry-After on with a 429', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ statusCode: 429, detail: 'too many attempts' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
      }),
    );
    const result = await apiRequest(browserRequest('/inloggen'), 'post', '/api/auth/login', { body: { email: 'a@b.test', password: 'x' } }, { auth: 'none' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const init = refusalInit(result);
    expect(init.status).toBe(429);
    expect(new Headers(init.headers).get('Retry-After')).toBe('120');
    expect(refusalInit({ status: 422 })).toEqual({ status: 422 });
  });
});
