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
