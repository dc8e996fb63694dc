import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

/** The API on its own port sends the portal's security headers; Swagger UI gets a policy that fits it. */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

function expectCommonHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

describe('security headers on the API port', () => {
  it.each(['/api/health', '/api/current_user', '/api/bestaat-niet'])('%s: nosniff, no framing, a closed CSP', async (path) => {
    const response = await api.request(path);
    expectCommonHeaders(response);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  });

  it('gives Swagger UI a CSP that fits it: its scripts and styles from the API origin, no inline script, no framing', async () => {
    const response = await api.request('/api/docs');
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    // The policy only fits if the page needs no inline script and loads nothing from elsewhere.
    const html = await response.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\.?\/?[^":]+"/);
      expect(body.trim()).toBe('');
    }
    const init = await api.request('/api/docs/swagger-ui-init.js');
    expect(init.status).toBe(200);
  });
});
