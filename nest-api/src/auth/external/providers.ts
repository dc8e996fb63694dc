import { createHash, createPublicKey, randomBytes, type JsonWebKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AppConfig, ProviderConfig } from '../../config/config';

export type ProviderId = 'google' | 'microsoft' | 'github';
export const PROVIDER_IDS: readonly ProviderId[] = ['google', 'microsoft', 'github'];

/** Who the provider says signed in. */
export interface ExternalProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstname: string;
  lastname: string;
}

export class ProviderError extends Error {}

const TIMEOUT_MS = 10_000;

async function getJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  if (!response.ok) throw new ProviderError(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

/** An external sign-in: authorisation-code flow with PKCE, state and (for OpenID) nonce. */
export interface ExternalProvider {
  authorizationUrl(params: { redirectUri: string; state: string; nonce: string; challenge: string }): Promise<string>;
  profile(params: { code: string; redirectUri: string; verifier: string; nonce: string }): Promise<ExternalProfile>;
}

/** Google and Microsoft: OpenID Connect with discovery, ID token checked against the issuer's keys. */
class OpenIdProvider implements ExternalProvider {
  private discovery: Promise<Discovery> | null = null;

  constructor(
    private readonly config: ProviderConfig,
    /** Microsoft's multi-tenant issuer is a template with {tenantid}. */
    private readonly multiTenant = false,
  ) {}

  private discover(): Promise<Discovery> {
    this.discovery ??= getJson<Discovery>(`${this.config.issuer}/.well-known/openid-configuration`).catch((error) => {
      this.discovery = null;
      throw error;
    });
    return this.discovery;
  }

  async authorizationUrl({ redirectUri, state, nonce, challenge }: Parameters<ExternalProvider['authorizationUrl']>[0]) {
    const { authorization_endpoint } = await this.discover();
    const url = new URL(authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: this.config.clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: redirectUri,
      state,
      nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  async profile({ code, redirectUri, verifier, nonce }: Parameters<ExternalProvider['profile']>[0]): Promise<ExternalProfile> {
    const discovery = await this.discover();
    const tokens = await getJson<{ id_token?: string; access_token?: string }>(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        code_verifier: verifier,
      }),
    });
    if (!tokens.id_token) throw new ProviderError('no id_token');
    const header = jwt.decode(tokens.id_token, { complete: true })?.header;
    const { keys } = await getJson<{ keys: (JsonWebKey & { kid?: string })[] }>(discovery.jwks_uri);
    const jwk = keys.find((key) => key.kid === header?.kid) ?? (keys.length === 1 ? keys[0] : undefined);
    if (!jwk) throw new ProviderError('signing key not found');
    const key = createPublicKey({ key: jwk, format: 'jwk' });
    const claims = jwt.verify(tokens.id_token, key, {
      algorithms: ['RS256', 'ES256', 'PS256'],
      audience: this.config.clientId,
    }) as jwt.JwtPayload;
    const expectedIssuer = this.multiTenant ? discovery.issuer.replace('{tenantid}', String(claims.tid)) : discovery.issuer;
    if (claims.iss !== expectedIssuer) throw new ProviderError('wrong issuer');
    if (claims.nonce !== nonce) throw new ProviderError('nonce mismatch');
    // Providers may keep profile claims out of the ID token; then the userinfo endpoint has them.
    if (!claims.email && discovery.userinfo_endpoint && tokens.access_token) {
      const userinfo = await getJson<jwt.JwtPayload>(discovery.userinfo_endpoint, {
        headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
      });
      if (userinfo.sub !== claims.sub) throw new ProviderError('userinfo subject mismatch');
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

/** GitHub: OAuth 2 with PKCE; the e-mail comes from the verified primary address. */
class GitHubProvider implements ExternalProvider {
  constructor(private readonly config: ProviderConfig) {}

  async authorizationUrl({ redirectUri, state, challenge }: Parameters<ExternalProvider['authorizationUrl']>[0]) {
    const url = new URL(`${this.config.issuer}/login/oauth/authorize`);
    url.search = new URLSearchParams({
      client_id: this.config.clientId,
      redirect_uri: redirectUri,
      scope: 'read:user user:email',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  async profile({ code, redirectUri, verifier }: Parameters<ExternalProvider['profile']>[0]): Promise<ExternalProfile> {
    const tokens = await getJson<{ access_token?: string }>(`${this.config.issuer}/login/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
    });
    if (!tokens.access_token) throw new ProviderError('no access token');
    const headers = { authorization: `Bearer ${tokens.access_token}`, accept: 'application/vnd.github+json' };
    const user = await getJson<{ id: number; name?: string | null; login: string }>(`${this.config.apiUrl}/user`, { headers });
    const emails = await getJson<{ email: string; primary: boolean; verified: boolean }[]>(`${this.config.apiUrl}/user/emails`, { headers });
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
}

export function createProviders(config: AppConfig): Partial<Record<ProviderId, ExternalProvider>> {
  const { google, microsoft, github } = config.providers;
  return {
    ...(google ? { google: new OpenIdProvider(google) } : {}),
    ...(microsoft ? { microsoft: new OpenIdProvider(microsoft, ['common', 'organizations', 'consumers'].includes(microsoft.tenant)) } : {}),
    ...(github ? { github: new GitHubProvider(github) } : {}),
  };
}
