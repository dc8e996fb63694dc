import { describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { createHmac } from 'node:crypto';
import { AuthError, signDatasourceToken, signHubToken, verifyHubToken } from './tokens';

const SECRET = 'dGVzdC1zZWNyZXQtZm9yLXRva2VuLXNoYXBlcy0xMjM0NTY3ODkw';
const DATASET = 'b3f1c2d4-0000-4000-8000-000000000001';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with any header and payload, signed HMAC-SHA256 (or unsigned). */
function craft(header: Record<string, unknown>, payload: Record<string, unknown>, secret: string | null = SECRET): string {
  const unsigned = `${base64url(header)}.${base64url(payload)}`;
  if (secret === null) return `${unsigned}.`;
  const algorithm = header.alg === 'HS512' ? 'sha512' : header.alg === 'HS384' ? 'sha384' : 'sha256';
  return `${unsigned}.${createHmac(algorithm, secret).update(unsigned).digest('base64url')}`;
}

function validPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: 'datahub-portal-api',
    aud: `datahub-dataset:${DATASET}`,
    sub: 'kassenbouw-west',
    iat: now,
    exp: now + 300,
    scopes: ['Dataset.ReadWater'],
    ...overrides,
  };
}

function refusal(authorization: string | undefined, datasetId = DATASET): { status: number; reason: string } | 'accepted' {
  try {
    verifyHubToken(authorization, SECRET, datasetId);
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError);
    return { status: (error as AuthError).statusCode, reason: (error as AuthError).reason };
  }
}

describe('data-source tokens (data source → hub)', () => {
  it('have the protocol shape: HS256, iss datahub-datasource:{id}, aud datahub-portal-api, sub, iat, exp ≤ 5 min', () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const token = signDatasourceToken('ds-42', SECRET, { now });
    const decoded = jwt.decode(token, { complete: true })!;
    expect(decoded.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decoded.payload).toEqual({
      iss: 'datahub-datasource:ds-42',
      aud: 'datahub-portal-api',
      sub: 'ds-42',
      iat: now / 1000,
      exp: now / 1000 + 300,
    });
    // verifiable with the secret as given in the credentials file
    expect(() =>
      jwt.verify(token, SECRET, { algorithms: ['HS256'], audience: 'datahub-portal-api', issuer: 'datahub-datasource:ds-42', clockTimestamp: now / 1000 }),
    ).not.toThrow();
    expect(() => jwt.verify(token, 'another-secret-another-secret', { algorithms: ['HS256'], clockTimestamp: now / 1000 })).toThrow();
  });

  it('never live longer than 5 minutes', () => {
    const token = signDatasourceToken('ds-42', SECRET, { lifetimeSeconds: 3600 });
    const payload = jwt.decode(token) as jwt.JwtPayload;
    expect(payload.exp! - payload.iat!).toBe(300);
  });
});

describe('hub tokens (hub → data source)', () => {
  it('accept a valid token and return its claims', () => {
    const token = signHubToken(SECRET, { datasetId: DATASET, sub: 'kassenbouw-west', scopes: ['Dataset.ReadWater', 'Dataset.ReadCrop'] });
    expect(verifyHubToken(`Bearer ${token}`, SECRET, DATASET)).toMatchObject({
      sub: 'kassenbouw-west',
      scopes: ['Dataset.ReadWater', 'Dataset.ReadCrop'],
    });
    expect(refusal(`Bearer ${craft({ alg: 'HS256', typ: 'JWT' }, validPayload())}`)).toBe('accepted');
  });

  it('refuse a missing or malformed Authorization header', () => {
    expect(refusal(undefined)).toEqual({ status: 401, reason: 'missing_token' });
    expect(refusal('Basic abc')).toEqual({ status: 401, reason: 'missing_token' });
    expect(refusal('Bearer not-a-jwt')).toEqual({ status: 401, reason: 'malformed_token' });
  });

  it('refuse tampered tokens', () => {
    const token = craft({ alg: 'HS256', typ: 'JWT' }, validPayload());
    const [header, , signature] = token.split('.');
    const widened = base64url(validPayload({ scopes: ['Dataset.ReadAll'] }));
    expect(refusal(`Bearer ${header}.${widened}.${signature}`)).toEqual({ status: 401, reason: 'invalid_signature' });
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect(refusal(`Bearer ${header}.${token.split('.')[1]}.${flipped}`)).toEqual({ status: 401, reason: 'invalid_signature' });
    expect(refusal(`Bearer ${craft({ alg: 'HS256', typ: 'JWT' }, validPayload(), 'the-wrong-secret-the-wrong-secret')}`)).toEqual({
      status: 401,
      reason: 'invalid_signature',
    });
  });

  it('refuse other algorithms, including none', () => {
    expect(refusal(`Bearer ${craft({ alg: 'none', typ: 'JWT' }, validPayload(), null)}`)).toEqual({ status: 401, reason: 'wrong_algorithm' });
    expect(refusal(`Bearer ${craft({ alg: 'HS512', typ: 'JWT' }, validPayload())}`)).toEqual({ status: 401, reason: 'wrong_algorithm' });
    expect(refusal(`Bearer ${craft({ alg: 'HS384', typ: 'JWT' }, validPayload())}`)).toEqual({ status: 401, reason: 'wrong_algorithm' });
    expect(refusal(`Bearer ${craft({ alg: 'RS256', typ: 'JWT' }, validPayload())}`)).toEqual({ status: 401, reason: 'wrong_algorithm' });
  });

  it('refuse expired tokens and tokens issued in the future', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(refusal(`Bearer ${craft({ alg: 'HS256' }, validPayload({ iat: now - 400, exp: now - 100 }))}`)).toEqual({ status: 401, reason: 'token_expired' });
    expect(refusal(`Bearer ${craft({ alg: 'HS256' }, validPayload({ iat: now + 600, exp: now + 800 }))}`)).toEqual({ status: 401, reason: 'issued_in_future' });
  });

  it('refuse the wrong audience (another dataset) and the wrong issuer', () => {
    const token = signHubToken(SECRET, { datasetId: 'another-dataset', sub: 'kassenbouw-west', scopes: ['Dataset.ReadAll'] });
    expect(refusal(`Bearer ${token}`)).toEqual({ status: 401, reason: 'wrong_audience' });
    expect(refusal(`Bearer ${craft({ alg: 'HS256' }, validPayload({ aud: 'datahub-portal-api' }))}`)).toEqual({ status: 401, reason: 'wrong_audience' });
    expect(refusal(`Bearer ${craft({ alg: 'HS256' }, validPayload({ iss: 'datahub-datasource:x' }))}`)).toEqual({ status: 401, reason: 'wrong_issuer' });
  });

  it('refuse missing claims and lifetimes over 5 minutes', () => {
    for (const claim of ['sub', 'iat', 'exp', 'scopes']) {
      const payload = validPayload();
      delete payload[claim];
      const result = refusal(`Bearer ${craft({ alg: 'HS256' }, payload)}`);
      expect(result, claim).toMatchObject({ status: 401 });
    }
    const now = Math.floor(Date.now() / 1000);
    expect(refusal(`Bearer ${craft({ alg: 'HS256' }, validPayload({ iat: now, exp: now + 301 }))}`)).toEqual({ status: 401, reason: 'lifetime_too_long' });
  });

  it('refuse unknown scopes with 403', () => {
    expect(refusal(`Bearer ${craft({ alg: 'HS256' }, validPayload({ scopes: ['Dataset.ReadWater', 'Dataset.WriteAll'] }))}`)).toEqual({
      status: 403,
      reason: 'unknown_scope',
    });
    expect(refusal(`Bearer ${craft({ alg: 'HS256' }, validPayload({ scopes: [42] }))}`)).toEqual({ status: 403, reason: 'unknown_scope' });
  });
});
