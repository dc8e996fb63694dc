import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@datahub/domain';
import { contentSecurityPolicy, createNonce, crossOriginRefusalPage, isApiDocsPath, isApiPath } from './security.js';
import { ConfigError, readServerEnv } from './env.js';

describe('content security policy', () => {
  it('allows scripts only from our origin or with the nonce', () => {
    const csp = contentSecurityPolicy('abc');
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy('abc', { dev: true })).toContain("connect-src 'self' ws:");
  });

  it('makes a different nonce every time', () => {
    expect(createNonce()).not.toBe(createNonce());
    expect(Buffer.from(createNonce(), 'base64')).toHaveLength(16);
  });
});

describe('paths', () => {
  it('recognises the API and its Swagger UI', () => {
    expect(isApiPath('/api/health')).toBe(true);
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/apis')).toBe(false);
    expect(isApiPath('/applicaties')).toBe(false);
    expect(isApiDocsPath('/api/docs')).toBe(true);
    expect(isApiDocsPath('/api/docs/swagger-ui.css')).toBe(true);
    expect(isApiDocsPath('/api/docs-json')).toBe(true);
    expect(isApiDocsPath('/api/documents')).toBe(false);
  });
});

describe('cross-origin refusal page', () => {
  it('says it in Dutch', () => {
    const html = crossOriginRefusalPage();
    expect(html).toContain('lang="nl"');
    expect(html).toContain(ERROR_TEXTS.csrf);
  });
});

describe('readServerEnv', () => {
  it('requires CSRF_SECRET of at least 32 characters, naming the variable', () => {
    expect(() => readServerEnv({})).toThrow(ConfigError);
    expect(() => readServerEnv({ CSRF_SECRET: 'kort' })).toThrow(/CSRF_SECRET/);
  });

  it('has defaults for the rest', () => {
    const env = readServerEnv({ CSRF_SECRET: 'x'.repeat(32) });
    expect(env).toMatchObject({ port: 3000, host: undefined, apiUrl: 'http://127.0.0.1:3001' });
  });

  it('refuses a bad port or API_URL', () => {
    expect(() => readServerEnv({ CSRF_SECRET: 'x'.repeat(32), PORT: 'abc' })).toThrow(/PORT/);
    expect(() => readServerEnv({ CSRF_SECRET: 'x'.repeat(32), API_URL: 'ftp://x' })).toThrow(/API_URL/);
  });

  it('takes a page cache size in megabytes, 0 for none', () => {
    expect(() => readServerEnv({ CSRF_SECRET: 'x'.repeat(32), PAGE_CACHE_MB: '0' })).not.toThrow();
    expect(() => readServerEnv({ CSRF_SECRET: 'x'.repeat(32), PAGE_CACHE_MB: '64' })).not.toThrow();
    for (const bad of ['-1', 'veel', ''])
      expect(() => readServerEnv({ CSRF_SECRET: 'x'.repeat(32), PAGE_CACHE_MB: bad }), bad).toThrow(/PAGE_CACHE_MB/);
  });
});
