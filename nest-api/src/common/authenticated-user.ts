import type { Permission } from '@datahub/domain';

export interface AuthenticatedUser {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  organizationId: string;
  organizationName: string;
  organizationSlug: string;
  organizationAdmin: boolean;
  roles: string[];
  permissions: ReadonlySet<Permission>;
  sessionId: string;
  /** While REQUIRE_2FA_FOR_ADMINS holds: only enrolment is open. */
  twoFactorEnrolmentRequired?: boolean;
  via: 'bearer' | 'cookie';
  apiToken?: { id: string; kind: 'personal' | 'organization'; scopes: readonly string[] };
  clientAddress?: string;
  /** Consent given, and neither DNT nor Sec-GPC sent. */
  usageConsent?: boolean;
}

/** A request's own copy with every field present: a spread plus fields added later cost more than the rest of a kept request. */
export function requestUser(user: Omit<AuthenticatedUser, 'via'>, via: AuthenticatedUser['via']): AuthenticatedUser {
  return {
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    organizationId: user.organizationId,
    organizationName: user.organizationName,
    organizationSlug: user.organizationSlug,
    organizationAdmin: user.organizationAdmin,
    roles: user.roles,
    permissions: user.permissions,
    sessionId: user.sessionId,
    twoFactorEnrolmentRequired: user.twoFactorEnrolmentRequired,
    via,
    apiToken: user.apiToken,
    clientAddress: user.clientAddress,
    usageConsent: user.usageConsent,
  };
}
