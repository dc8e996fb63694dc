import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { DatasetScope } from '@datahub/domain';

export const HUB_ISSUER = 'datahub-portal-api';
export const HUB_AUDIENCE = 'datahub-portal-api';
export const MAX_LIFETIME_SECONDS = 300;
const CLOCK_TOLERANCE_SECONDS = 30;
const DATASOURCE_ISSUER = /^datahub-datasource:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The data source a token claims to come from (unverified: only to find the secret to verify with). */
export function claimedDatasourceId(token: string): string | null {
  const payload = jwt.decode(token);
  if (!payload || typeof payload !== 'object' || typeof payload.iss !== 'string') return null;
  return DATASOURCE_ISSUER.exec(payload.iss)?.[1] ?? null;
}

/** Data source → hub: HS256 only, exact iss/aud, sub = the data source, iat/exp present, lifetime ≤ 5 minutes. */
export function verifyDatasourceToken(token: string, datasourceId: string, secret: string): boolean {
  try {
    const claims = jwt.verify(token, createSecretKey(Buffer.from(secret, 'utf8')), {
      algorithms: ['HS256'],
      issuer: `datahub-datasource:${datasourceId}`,
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

/** Hub → data source, for one dataset, on behalf of an organisation, with its scopes. */
export function signHubToken(secret: string, params: { datasetId: string; organizationSlug: string; scopes: DatasetScope[] }): string {
  const iat = Math.floor(Date.now() / 1000);
  return jwt.sign(
    { iss: HUB_ISSUER, aud: `datahub-dataset:${params.datasetId}`, sub: params.organizationSlug, iat, exp: iat + MAX_LIFETIME_SECONDS, scopes: params.scopes },
    createSecretKey(Buffer.from(secret, 'utf8')),
    { algorithm: 'HS256' },
  );
}
