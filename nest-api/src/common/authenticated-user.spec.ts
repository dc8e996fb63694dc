import { describe, expect, it } from 'vitest';
import { requestUser, type AuthenticatedUser } from './authenticated-user';

/** Every field, optional ones too: the typecheck fails here when AuthenticatedUser gains one. */
const EVERY_FIELD: Record<keyof AuthenticatedUser, unknown> = {
  id: 'user-1',
  email: 'lid@kwekerij.test',
  firstname: 'Lid',
  lastname: 'Kwekerij',
  organizationId: 'organization-1',
  organizationName: 'Kwekerij',
  organizationSlug: 'kwekerij',
  organizationAdmin: false,
  roles: ['Organization.Member'],
  permissions: new Set(['Dataset.Read']),
  sessionId: 'session-1',
  twoFactorEnrolmentRequired: false,
  via: 'cookie',
  apiToken: { id: 'token-1', kind: 'personal', scopes: ['data:read'] },
  clientAddress: '192.0.2.1',
  usageConsent: true,
};

describe('requestUser', () => {
  it('copies every field and sets how the request signed in', () => {
    const kept = EVERY_FIELD as AuthenticatedUser;
    const copy = requestUser(kept, 'bearer');
    expect(copy).toEqual({ ...kept, via: 'bearer' });
    expect(Object.keys(copy).sort()).toEqual(Object.keys(EVERY_FIELD).sort());
  });

  it('is a copy: what one request sets does not reach the kept session', () => {
    const kept = { ...EVERY_FIELD, clientAddress: undefined, usageConsent: undefined } as AuthenticatedUser;
    const copy = requestUser(kept, 'bearer');
    copy.clientAddress = '198.51.100.7';
    copy.usageConsent = true;
    expect(kept.clientAddress).toBeUndefined();
    expect(kept.usageConsent).toBeUndefined();
  });
});
