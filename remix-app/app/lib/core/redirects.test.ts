import { describe, expect, it } from 'vitest';
import { loginPath, requestedPath, withRedirectUri } from './redirects';

describe('requestedPath', () => {
  it('keeps path and search of a document request', () => {
    expect(requestedPath('http://portal.test/profiel?tab=a')).toBe('/profiel?tab=a');
  });

  it('strips what Remix adds to data requests', () => {
    expect(requestedPath('http://portal.test/profiel.data?_routes=routes%2F_shell&tab=a')).toBe('/profiel?tab=a');
    expect(requestedPath('http://portal.test/_root.data')).toBe('/');
    expect(requestedPath('http://portal.test/?index')).toBe('/');
  });
});

describe('loginPath', () => {
  it('remembers where to go after signing in', () => {
    expect(loginPath('/profiel?tab=a')).toBe('/inloggen?redirect_uri=%2Fprofiel%3Ftab%3Da');
    expect(loginPath('/')).toBe('/inloggen');
  });

  it('never remembers another site', () => {
    expect(loginPath('//evil.example')).toBe('/inloggen');
    expect(loginPath('https://evil.example/x')).toBe('/inloggen');
  });
});

describe('withRedirectUri', () => {
  it('sets the parameter, also when the path already has an empty one', () => {
    expect(withRedirectUri('/api/auth/google?redirect_uri=', '/profiel')).toBe('/api/auth/google?redirect_uri=%2Fprofiel');
    expect(withRedirectUri('/registreren', '/a?b=c')).toBe('/registreren?redirect_uri=%2Fa%3Fb%3Dc');
  });
});
