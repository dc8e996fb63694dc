import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readForm } from './action.server';
import { apiRequest } from './api.server';
import { IDEMPOTENCY_FIELD, newFormKey } from './idempotency';

/**
 * Issue 34 item 6: a form's post reaches nest-api with an Idempotency-Key made from the key the
 * form was rendered with (CsrfInput's hidden field), through the one request helper every action uses.
 */

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  process.env.API_URL = 'http://api.test:3001';
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => new Response(JSON.stringify({ id: 'x' }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function formPost(fields: Record<string, string>): Request {
  return new Request('http://portal.test/profiel', {
    method: 'POST',
    headers: { Cookie: 'access_token=tok123', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

/** The last call that went out: fetch is handed the address and init, and makes the Request from them. */
function sentRequest(): Request {
  const [input, init] = fetchMock.mock.calls.at(-1)!;
  return new Request(input as string, init);
}

/** The action's path: read the form, then create a token with what it says. */
async function createToken(fields: Record<string, string>): Promise<string | null> {
  const request = formPost(fields);
  const formData = await readForm(request);
  await apiRequest(request, 'post', '/api/profile/api-tokens', { body: { name: String(formData.get('name')), scopes: ['catalogue:read'], expires_in_days: 30 } });
  return sentRequest().headers.get('Idempotency-Key');
}

describe('Idempotency-Key from the form render', () => {
  it('the same form render posted twice sends the same key; other content or another render another one', async () => {
    const render = newFormKey();
    const first = await createToken({ name: 'Kas 3', [IDEMPOTENCY_FIELD]: render });
    expect(first).toMatch(/^[0-9a-f]{32}-[0-9a-f]{32}$/);
    expect(first!.startsWith(render)).toBe(true);
    // The browser resubmits after a lost answer: nest-api must see the same key to replay.
    expect(await createToken({ name: 'Kas 3', [IDEMPOTENCY_FIELD]: render })).toBe(first);
    // A kept page shown twice has one render's key: other content must not look like a retry.
    expect(await createToken({ name: 'Kas 4', [IDEMPOTENCY_FIELD]: render })).not.toBe(first);
    expect(await createToken({ name: 'Kas 3', [IDEMPOTENCY_FIELD]: newFormKey() })).not.toBe(first);
  });

  it('sends none without a form key, for a made-up one, or on reads', async () => {
    expect(await createToken({ name: 'Kas 5' })).toBeNull();
    expect(await createToken({ name: 'Kas 5', [IDEMPOTENCY_FIELD]: 'x'.repeat(300) })).toBeNull();
    const request = formPost({ [IDEMPOTENCY_FIELD]: newFormKey() });
    await readForm(request);
    fetchMock.mockImplementationOnce(async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await apiRequest(request, 'get', '/api/profile/api-tokens');
    expect(sentRequest().headers.get('Idempotency-Key')).toBeNull();
  });
});
