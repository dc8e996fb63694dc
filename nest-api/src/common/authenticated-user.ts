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
