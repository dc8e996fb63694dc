import type { Permission } from '@datahub/domain';

/** The signed-in user as every guard, controller and service sees them. */
export interface AuthenticatedUser {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  organizationId: string;
  organizationName: string;
  organizationSlug: string;
  /** Acts on every organisation. */
  organizationAdmin: boolean;
  roles: string[];
  permissions: ReadonlySet<Permission>;
  sessionId: string;
  /** While REQUIRE_2FA_FOR_ADMINS holds: only enrolment is open. */
  twoFactorEnrolmentRequired?: boolean;
  /** Cookie-borne requests need CSRF protection. */
  via: 'bearer' | 'cookie';
  /** ADR 0017. */
  apiToken?: { id: string; kind: 'personal' | 'organization'; scopes: readonly string[] };
  /** For the audit trail. */
  clientAddress?: string;
  /** Consent given, and neither DNT nor Sec-GPC sent. */
  usageConsent?: boolean;
}
