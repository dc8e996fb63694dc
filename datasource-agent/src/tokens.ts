/** The Hub Protocol's token kinds (hub-protocol.md, "Tokens"): HS256 with the data source's secret as UTF-8 bytes, lifetime ≤ 5 minutes. */
import jwt from 'jsonwebtoken';
import {
  CLOCK_TOLERANCE_SECONDS,
  DETAILS,
  HUB_AUDIENCE,
  HUB_ISSUER,
  MAX_TOKEN_LIFETIME_SECONDS,
  datasetAudience,
  datasourceIssuer,
  isDatasetScope,
  type DatasetScope,
} from '@datahub/domain';

export function signDatasourceToken(
  datasourceId: string,
  secret: string,
  options: { now?: number; lifetimeSeconds?: number } = {},
): string {
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  const lifetime = Math.min(options.lifetimeSeconds ?? MAX_TOKEN_LIFETIME_SECONDS, MAX_TOKEN_LIFETIME_SECONDS);
  return jwt.sign(
    { iss: datasourceIssuer(datasourceId), aud: HUB_AUDIENCE, sub: datasourceId, iat, exp: iat + lifetime },
    secret,
    { algorithm: 'HS256' },
  );
}

interface HubTokenClaims {
  sub: string;
  iat: number;
  exp: number;
  scopes: DatasetScope[];
}

export class AuthError extends Error {
  constructor(
    readonly statusCode: 401 | 403,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }

  get detail(): string {
    return this.statusCode === 401 ? DETAILS.unauthenticated : DETAILS.forbidden;
  }
}

function unauthenticated(reason: string, message: string): AuthError {
  return new AuthError(401, reason, message);
}

/** Used by the tests and by a hub written in TypeScript. */
export function signHubToken(
  secret: string,
  claims: { datasetId: string; sub: string; scopes: string[]; now?: number; lifetimeSeconds?: number },
): string {
  const iat = Math.floor((claims.now ?? Date.now()) / 1000);
  return jwt.sign(
    {
      iss: HUB_ISSUER,
      aud: datasetAudience(claims.datasetId),
      sub: claims.sub,
      iat,
      exp: iat + (claims.lifetimeSeconds ?? MAX_TOKEN_LIFETIME_SECONDS),
      scopes: claims.scopes,
    },
    secret,
    { algorithm: 'HS256' },
  );
}

/** HS256 only (never `none`), iss, aud, exp (30 s tolerance), lifetime ≤ 5 min, iat not ahead; unknown scopes → 403, the rest → 401. */
export function verifyHubToken(
  authorization: string | undefined,
  secret: string,
  datasetId: string,
  options: { now?: number } = {},
): HubTokenClaims {
  const match = /^Bearer\s+([A-Za-z0-9_\-.]+)\s*$/i.exec(authorization ?? '');
  if (!match) throw unauthenticated('missing_token', 'a Bearer token is required');
  const token = match[1];
  const decoded = jwt.decode(token, { complete: true });
  if (!decoded || typeof decoded.payload !== 'object') throw unauthenticated('malformed_token', 'the token is not a JWT');
  if (decoded.header.alg !== 'HS256') throw unauthenticated('wrong_algorithm', `algorithm ${decoded.header.alg} is not accepted`);
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  let payload: jwt.JwtPayload;
  try {
    payload = jwt.verify(token, secret, {
      algorithms: ['HS256'],
      issuer: HUB_ISSUER,
      audience: datasetAudience(datasetId),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      clockTimestamp: nowSeconds,
    }) as jwt.JwtPayload;
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const message = error instanceof Error ? error.message : String(error);
    if (name === 'TokenExpiredError') throw unauthenticated('token_expired', 'the token has expired');
    if (/audience/i.test(message)) throw unauthenticated('wrong_audience', message);
    if (/issuer/i.test(message)) throw unauthenticated('wrong_issuer', message);
    if (/signature/i.test(message)) throw unauthenticated('invalid_signature', message);
    throw unauthenticated('invalid_token', message);
  }
  const { sub, iat, exp, scopes } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || sub === '') throw unauthenticated('missing_claim', 'the token has no sub');
  if (typeof iat !== 'number') throw unauthenticated('missing_claim', 'the token has no iat');
  if (typeof exp !== 'number') throw unauthenticated('missing_claim', 'the token has no exp');
  if (exp - iat > MAX_TOKEN_LIFETIME_SECONDS) throw unauthenticated('lifetime_too_long', 'the token lives longer than 5 minutes');
  if (iat > nowSeconds + CLOCK_TOLERANCE_SECONDS) throw unauthenticated('issued_in_future', 'the token was issued in the future');
  if (!Array.isArray(scopes)) throw unauthenticated('missing_claim', 'the token has no scopes');
  const unknown = scopes.filter((scope) => typeof scope !== 'string' || !isDatasetScope(scope));
  if (unknown.length > 0) throw new AuthError(403, 'unknown_scope', `unknown scopes: ${unknown.map(String).join(', ')}`);
  return { sub, iat, exp, scopes: scopes as DatasetScope[] };
}
