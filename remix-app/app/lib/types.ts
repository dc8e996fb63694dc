/** Shapes of nest-api answers the portal reads (see docs/api-contract-foundation.md). */
export interface CurrentUser {
  user_id: string | number;
  firstname: string;
  lastname: string;
  email: string;
  organization: string;
  organization_name: string;
  organization_slug: string;
  organization_admin: boolean;
}

export interface AccessTokenGrant {
  access_token: string;
  expires_at: string;
}

export type ProviderId = 'google' | 'microsoft' | 'github';

export interface AuthProviders {
  signup_enabled: boolean;
  providers: { id: ProviderId; url: string }[];
}

/** Shapes of the organisation, user and invitation answers (docs/api-contract-organisations.md). */
export interface OrganizationView {
  organization_id: string;
  name: string;
  slug: string;
  kvk_number: number | null;
  domain: string | null;
  logo_url: string | null;
  user_count: number;
}

export type UserView = CurrentUser;

export interface LicenceView {
  application_name: string;
  application_slug: string;
  application_logo_url: string | null;
  end_date: string;
}

export interface InvitationView {
  email: string;
  organization_name: string;
  organization_slug: string;
  expires_at: string;
}
