import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import {
  CLOCK_TOLERANCE_SECONDS,
  HUB_AUDIENCE,
  HUB_ISSUER,
  MAX_TOKEN_LIFETIME_SECONDS as MAX_LIFETIME_SECONDS,
  datasetAudience,
  datasourceIdFromIssuer,
  datasourceIssuer,
  type DatasetScope,
} from '@datahub/domain';


/** The data source a token claims to come from (unverified: only to find the secret to verify with). */
export function claimedDatasourceId(token: string): string | null {
  const payload = jwt.decode(token);
  if (!payload || typeof payload !== 'object' || typeof payload.iss !== 'string') return null;
  return datasourceIdFromIssuer(payload.iss);
}

/** Data source → hub: HS256 only, exact iss/aud, sub = the data source, iat/exp present, lifetime ≤ 5 minutes. */
export function verifyDatasourceToken(token: string, datasourceId: string, secret: string): boolean {
  try {
    const claims = jwt.verify(token, createSecretKey(Buffer.from(secret, 'utf8')), {
      algorithms: ['HS256'],
      issuer: datasourceIssuer(datasourceId),
      audience: HUB_AUDIENCE,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    if (typeof claims !== 'object' || claims.sub !== datasourceId) return false;
    if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number') return false;
    return claims.exp - claims.iat <= MAX_LIFETIME_SECONDS && claims.iat <= Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS;
  } catch {
    return false;
  }
}

export function signHubToken(secret: string, params: { datasetId: string; organizationSlug: string; scopes: DatasetScope[] }): string {
  const iat = Math.floor(Date.now() / 1000);
  return jwt.sign(
    { iss: HUB_ISSUER, aud: datasetAudience(params.datasetId), sub: params.organizationSlug, iat, exp: iat + MAX_LIFETIME_SECONDS, scopes: params.scopes },
    createSecretKey(Buffer.from(secret, 'utf8')),
    { algorithm: 'HS256' },
  );
}
