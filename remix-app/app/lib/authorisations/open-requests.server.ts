import { hasPermission, type Permission } from '@datahub/domain';
import type { CurrentUserView as CurrentUser } from '@datahub/api-client';
import type { AppLoadContext } from '@remix-run/node';
import { apiRequest } from '../core/api.server';
import { oncePerRequest } from '../core/request-memo.server';

/**
 * The menu's count of access requests waiting for the user's organisation: only for those who
 * decide them (AuthorisationAssignment.Create), one small count at nest-api. It is a GET answer
 * like the others, so the page cache asks for it again before serving a kept page (never stale,
 * never another user's). A refusal or failure shows no count rather than no page.
 */
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
