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
  /** Member of the admin organisation: acts on every organisation. */
  organizationAdmin: boolean;
  roles: string[];
  permissions: ReadonlySet<Permission>;
  sessionId: string;
  /** A platform admin with a password but without two-step sign-in, while REQUIRE_2FA_FOR_ADMINS holds: only enrolment is open. */
  twoFactorEnrolmentRequired?: boolean;
  /** How the token arrived; cookie-borne requests need CSRF protection. */
  via: 'bearer' | 'cookie';
  /** Set when the request carries an API token (ADR 0017): which one, and what it may read. */
  apiToken?: { id: string; kind: 'personal' | 'organization'; scopes: readonly string[] };
  /** The client's address (for the audit trail). */
  clientAddress?: string;
  /** This request may be counted in usage insight: consent given, and neither DNT nor Sec-GPC sent. */
  usageConsent?: boolean;
}
