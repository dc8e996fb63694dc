import { WELCOME_LABELS, type Permission } from '@datahub/domain';
import type { CurrentUserView } from '@datahub/api-client';
import { apiRequest } from '../core/api.server';

export function welcomeKind(user: Pick<CurrentUserView, 'organization_admin'>, permissions: readonly Permission[]): 'admin' | 'owner' | 'member' {
  if (user.organization_admin) return 'admin';
  return permissions.includes('Datasource.Create') ? 'owner' : 'member';
}

export async function dismissWelcome(request: Request): Promise<string | null> {
  const result = await apiRequest(request, 'post', '/api/profile/welcome/dismiss', {}, { refusals: 'return' });
  return result.ok ? null : WELCOME_LABELS.dismissFailed;
}
