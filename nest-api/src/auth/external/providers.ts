import type { Configuration } from 'openid-client' with { 'resolution-mode': 'import' };
import type { AppConfig, ProviderConfig } from '../../config/config';

export type ProviderId = 'google' | 'microsoft' | 'github';
export const PROVIDER_IDS: readonly ProviderId[] = ['google', 'microsoft', 'github'];

export interface ExternalProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstname: string;
  lastname: string;
}

export class ProviderError extends Error {}

const TIMEOUT_SECONDS = 10;

// openid-client is ESM-only and this build is CommonJS, so it is loaded on first use.
type OpenIdClient = typeof import('openid-client', { with: { 'resolution-mode': 'import' } });
let openIdClient: Promise<OpenIdClient> | null = null;
function client(): Promise<OpenIdClient> {
  openIdClient ??= import('openid-client');
  return openIdClient;
}

/** Plain http only where the configured address says so (a provider on loopback in development and tests). */
function settle(openid: OpenIdClient, configuration: Configuration, issuer: string): Configuration {
  configuration.timeout = TIMEOUT_SECONDS;
  if (new URL(issuer).protocol === 'http:') openid.allowInsecureRequests(configuration);
  return configuration;
}

export interface ExternalProvider {
  authorizationUrl(params: { redirectUri: string; state: string; nonce: string; verifier: string }): Promise<string>;
  profile(params: { callbackUrl: URL; state: string; verifier: string; nonce: string }): Promise<ExternalProfile>;
}

/** Google and Microsoft: OpenID Connect with discovery; openid-client checks the ID token, issuer (also Microsoft's per-tenant one) and nonce. */
class OpenIdProvider implements ExternalProvider {
  private configuration: Promise<Configuration> | null = null;

  constructor(private readonly config: ProviderConfig) {}

  private discover(): Promise<Configuration> {
    this.configuration ??= client()
      .then(async (openid) => {
        const discovered = await openid.discovery(new URL(this.config.issuer), this.config.clientId, this.config.clientSecret, undefined, {
          timeout: TIMEOUT_SECONDS,
          execute: new URL(this.config.issuer).protocol === 'http:' ? [openid.allowInsecureRequests] : [],
        });
        return settle(openid, discovered, this.config.issuer);
      })
      .catch((error: unknown) => {
        this.configuration = null;
        throw error;
      });
    return this.configuration;
  }

  async authorizationUrl({ redirectUri, state, nonce, verifier }: Parameters<ExternalProvider['authorizationUrl']>[0]) {
    const [openid, configuration] = await Promise.all([client(), this.discover()]);
    return openid
      .buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await openid.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  async profile({ callbackUrl, state, verifier, nonce }: Parameters<ExternalProvider['profile']>[0]): Promise<ExternalProfile> {
    const [openid, configuration] = await Promise.all([client(), this.discover()]);
    const tokens = await openid.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims: Record<string, unknown> = { ...tokens.claims() };
    // Providers may keep profile claims out of the ID token; then the userinfo endpoint has them.
    if (!claims.email && configuration.serverMetadata().userinfo_endpoint) {
      const userinfo = await openid.fetchUserInfo(configuration, tokens.access_token, String(claims.sub));
      Object.assign(claims, { ...userinfo, iss: claims.iss, aud: claims.aud, nonce: claims.nonce });
    }
    const email = String(claims.email ?? claims.preferred_username ?? '').toLowerCase();
    if (!claims.sub || !email.includes('@')) throw new ProviderError('no subject or e-mail');
    return {
      subject: String(claims.sub),
      email,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      firstname: String(claims.given_name ?? claims.name ?? '').slice(0, 100),
      lastname: String(claims.family_name ?? '').slice(0, 100),
    };
  }
}

/** GitHub: OAuth 2 with PKCE through openid-client; the e-mail comes from the verified primary address of its REST API. */
class GitHubProvider implements ExternalProvider {
  private configuration: Promise<Configuration> | null = null;

  constructor(private readonly config: ProviderConfig) {}

  private oauth(): Promise<Configuration> {
    this.configuration ??= client().then((openid) => {
      const server = {
        issuer: this.config.issuer,
        authorization_endpoint: `${this.config.issuer}/login/oauth/authorize`,
        token_endpoint: `${this.config.issuer}/login/oauth/access_token`,
      };
      return settle(openid, new openid.Configuration(server, this.config.clientId, this.config.clientSecret), this.config.issuer);
    });
    return this.configuration;
  }

  async authorizationUrl({ redirectUri, state, verifier }: Parameters<ExternalProvider['authorizationUrl']>[0]) {
    const [openid, configuration] = await Promise.all([client(), this.oauth()]);
    return openid
      .buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        state,
        code_challenge: await openid.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  async profile({ callbackUrl, state, verifier }: Parameters<ExternalProvider['profile']>[0]): Promise<ExternalProfile> {
    const [openid, configuration] = await Promise.all([client(), this.oauth()]);
    const tokens = await openid.authorizationCodeGrant(configuration, callbackUrl, { pkceCodeVerifier: verifier, expectedState: state, idTokenExpected: false });
    const headers = { authorization: `Bearer ${tokens.access_token}`, accept: 'application/vnd.github+json' };
    const user = await this.getJson<{ id: number; name?: string | null; login: string }>('/user', headers);
    const emails = await this.getJson<{ email: string; primary: boolean; verified: boolean }[]>('/user/emails', headers);
    const primary = emails.find((entry) => entry.primary && entry.verified) ?? emails.find((entry) => entry.verified);
    if (!primary) throw new ProviderError('no verified e-mail');
    const [firstname, ...rest] = (user.name ?? user.login).trim().split(/\s+/);
    return {
      subject: String(user.id),
      email: primary.email.toLowerCase(),
      emailVerified: true,
      firstname: (firstname ?? '').slice(0, 100),
      lastname: rest.join(' ').slice(0, 100),
    };
  }

  private async getJson<T>(path: string, headers: Record<string, string>): Promise<T> {
    const url = `${this.config.apiUrl}${path}`;
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000), redirect: 'error' });
    if (!response.ok) throw new ProviderError(`${url} answered ${response.status}`);
    return (await response.json()) as T;
  }
}

export function createProviders(config: AppConfig): Partial<Record<ProviderId, ExternalProvider>> {
  const { google, microsoft, github } = config.providers;
  return {
    ...(google ? { google: new OpenIdProvider(google) } : {}),
    ...(microsoft ? { microsoft: new OpenIdProvider(microsoft) } : {}),
    ...(github ? { github: new GitHubProvider(github) } : {}),
  };
}
