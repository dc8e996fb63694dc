import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS, SUPPORT_LIMITS } from '@datahub/domain';
import { startTestApi, type TestApi } from './harness';

/** Issue 19, item 13: a support upload's sender is known, and allowed, before its body is read. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const DECLARED_BYTES = 14 * 1024 * 1024;

/**
 * Starts a 14 MB multipart upload, sends its first megabyte, and then waits (up to 20 s) for an
 * answer before sending the rest. An API that reads the body before deciding cannot answer in
 * that pause: its answer only comes once the whole body is in.
 */
function uploadThatPauses(headers: Record<string, string> = {}): Promise<{ status: number; body: string; answeredBeforeEnd: boolean }> {
  return new Promise((resolve, reject) => {
    const url = new URL('/api/support-requests', api.baseUrl);
    let ended = false;
    const request = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=grens', 'content-length': String(DECLARED_BYTES), ...headers },
    });
    const megabyte = Buffer.alloc(1024 * 1024, 'a');
    request.on('response', (response) => {
      const answeredBeforeEnd = !ended;
      clearTimeout(pause);
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body, answeredBeforeEnd });
        request.destroy();
      });
    });
    request.on('error', (error) => (ended ? undefined : reject(error)));
    const first = Buffer.concat([Buffer.from('--grens\r\nContent-Disposition: form-data; name="attachments"; filename="a.png"\r\n\r\n'), megabyte]);
    request.write(first);
    const pause = setTimeout(() => {
      ended = true;
      const rest = DECLARED_BYTES - first.length;
      for (let sent = 0; sent < rest; sent += megabyte.length) request.write(megabyte.subarray(0, Math.min(megabyte.length, rest - sent)));
      request.end();
    }, 20_000);
  });
}

describe('support uploads are gated before their body is read', () => {
  it('answers an anonymous 14 MB upload with 401 while it is still being sent', async () => {
    const result = await uploadThatPauses();
    expect(result.status).toBe(401);
    expect(JSON.parse(result.body).detail).toBe(DETAILS.unauthenticated);
    expect(result.answeredBeforeEnd, 'the API waited for the whole body').toBe(true);
  }, 60_000);

  it('answers a forged token the same way', async () => {
    const result = await uploadThatPauses({ authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.vals' });
    expect(result.status).toBe(401);
    expect(result.answeredBeforeEnd, 'the API waited for the whole body').toBe(true);
  }, 60_000);

  it(`takes ${SUPPORT_LIMITS.perUserPerHour} requests per user per hour, then 429 with Retry-After before reading the next upload`, async () => {
    const organization = await api.createOrganization();
    const sender = await api.createUser({ organizationId: organization.id });
    const other = await api.createUser({ organizationId: organization.id });
    const send = (token: string) => {
      const body = new FormData();
      for (const [name, value] of Object.entries({ kind: 'vraag', summary: 'Vraag', description: 'Een vraag.' })) body.set(name, value);
      return api.request('/api/support-requests', { method: 'POST', token, body });
    };
    for (let i = 0; i < SUPPORT_LIMITS.perUserPerHour; i += 1) expect((await send(sender.token)).status).toBe(201);
    const refused = await send(sender.token);
    expect(refused.status).toBe(429);
    expect((await refused.json()).detail).toBe(DETAILS.tooManyAttempts);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    const big = await uploadThatPauses({ authorization: `Bearer ${sender.token}` });
    expect(big.status).toBe(429);
    expect(big.answeredBeforeEnd, 'the API waited for the whole body').toBe(true);
    expect((await send(other.token)).status).toBe(201);
  }, 60_000);
});
