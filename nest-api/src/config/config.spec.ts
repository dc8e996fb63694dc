import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ADMIN_EMAIL, DEMO_PASSWORD, loadConfig } from './config';

const secrets = { JWT_SECRET: 'j'.repeat(32), CSRF_SECRET: 'c'.repeat(32) };

describe('loadConfig', () => {
  it('has working defaults for the demo', () => {
    const config = loadConfig(secrets);
    expect(config.port).toBe(3001);
    expect(config.databaseUrl).toBeNull();
    expect(config.demoSeed).toBe(true);
    expect(config.admin).toMatchObject({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD, organizationName: 'Datahub Beheer' });
    expect(config.providers).toEqual({ google: null, microsoft: null, github: null });
  });

  it.each([
    [{}, /Set JWT_SECRET/],
    [{ JWT_SECRET: 'short', CSRF_SECRET: 'c'.repeat(32) }, /Set JWT_SECRET to a random string of at least 32 characters/],
    [{ ...secrets, DEMO_SEED: 'false' }, /Set ADMIN_EMAIL and ADMIN_PASSWORD/],
    [{ ...secrets, DEMO_SEED: 'misschien' }, /Set DEMO_SEED to true or false/],
    [{ ...secrets, PORT: 'abc' }, /Set PORT to a whole number/],
    [{ ...secrets, GOOGLE_CLIENT_ID: 'x' }, /Set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/],
    [{ ...secrets, ADMIN_PASSWORD: 'kort' }, /ADMIN_PASSWORD to at least 12/],
  ])('refuses %j with a sentence that says what to set', (env, message) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(ConfigError);
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(message);
  });

  it('reads providers and limits', () => {
    const config = loadConfig({
      ...secrets,
      MICROSOFT_CLIENT_ID: 'id',
      MICROSOFT_CLIENT_SECRET: 'secret',
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '5',
      DATABASE_URL: 'postgres://u:p@db:5432/datahub',
    });
    expect(config.providers.microsoft).toEqual({ clientId: 'id', clientSecret: 'secret', tenant: 'common', issuer: 'https://login.microsoftonline.com/common/v2.0' });
    expect(config.rateLimits.loginPerAccount).toBe(5);
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/datahub');
  });
});
