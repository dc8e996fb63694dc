import { hasPermission, type Permission } from '@datahub/domain';
import type { CurrentUserView as CurrentUser } from '@datahub/api-client';
import type { AppLoadContext } from '@remix-run/node';
import { apiRequest } from '../core/api.server';
import { oncePerRequest } from '../core/request-memo.server';

/** Only for those who decide them (AuthorisationAssignment.Create); a refusal or failure shows no count rather than no page. */
export function openAccessRequests({ request, context }: { request: Request; context: AppLoadContext }, user: CurrentUser, permissions: readonly Permission[]): Promise<number> {
  // Once per request: a form post without JavaScript may ask it beside its own work, before the shell's loader runs.
  return oncePerRequest(context, 'open-access-requests', () => countOpen(request, user, permissions));
}

async function countOpen(request: Request, user: CurrentUser, permissions: readonly Permission[]): Promise<number> {
  if (!hasPermission(permissions, 'AuthorisationAssignment.Create')) return 0;
  const answer = await apiRequest(
    request,
    'get',
    '/api/organizations/{organization_id}/access-requests/open-count',
    { params: { path: { organization_id: user.organization } } },
    { refusals: 'return' },
  ).catch(() => null);
  return answer?.ok ? answer.data.open : 0;
}
