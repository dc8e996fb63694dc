import { redirect, type AppLoadContext } from '@remix-run/node';
import type { Permission } from '@datahub/domain';
import { apiGet, apiRequest } from '../core/api.server';
import { shellAhead, shellFromPageRead } from '../core/page-read.server';
import { csrfCookie } from '../core/csrf.server';
import { accessTokenCookie, getAccessToken, subjectOfToken } from '../core/session.server';
import { signedInCookies } from './session-ending.server';
import { dropKeptFormOfOthers, forgetKeptForm, keepFormOnSignIn } from './kept-forms.server';
import type { CurrentUserView as CurrentUser, ShellPageView } from '@datahub/api-client';
import { TWO_FACTOR_ENROL_PATH } from './two-factor';
import { requestedPath } from '../core/redirects';

export function signInHeaders(request: Request, token: string, expiresAt: string): Headers {
  const headers = new Headers();
  headers.append('Set-Cookie', accessTokenCookie(request, token, expiresAt));
  headers.append('Set-Cookie', csrfCookie(request, token));
  // Just issued by nest-api, so its subject is the user signing in.
  const userId = subjectOfToken(token);
  for (const cookie of signedInCookies(request, expiresAt, userId)) headers.append('Set-Cookie', cookie);
  const dropped = dropKeptFormOfOthers(request, userId);
  if (dropped) headers.append('Set-Cookie', dropped);
  return headers;
}

interface RequestArgs {
  request: Request;
  context: AppLoadContext;
}

// One request's loaders run in parallel with their own Request but the same load context: ask nest-api once.
const currentUsers = new WeakMap<AppLoadContext, Promise<CurrentUser>>();

/** The first line of every loader and action behind the sign-in; a refused token (expired, revoked, forged) redirects to /inloggen. */
export async function requireCurrentUser({ request, context }: RequestArgs): Promise<CurrentUser> {
  let pending = currentUsers.get(context);
  if (!pending) {
    // An action's page read brings the user with the shell: no call of its own unless none came.
    const ahead = shellAhead(context);
    pending = ahead ? ahead.then((shell) => shell?.user ?? apiGet(request, '/api/current_user')) : apiGet(request, '/api/current_user');
    currentUsers.set(context, pending);
  }
  return checkedUser(request, pending);
}

const shellPages = new WeakMap<AppLoadContext, Promise<ShellPageView>>();

/** Set before the first await, so loaders started after the shell's share it. */
export async function requireShellPage({ request, context }: RequestArgs): Promise<ShellPageView> {
  let page = shellPages.get(context);
  if (!page) {
    page = shellFromPageRead(context).then((shell) => shell ?? apiGet(request, '/api/pages/shell'));
    shellPages.set(context, page);
    if (!currentUsers.has(context)) {
      const user = page.then((answer) => answer.user);
      // Perhaps never asked for by another loader: never an unhandled rejection.
      user.catch(() => undefined);
      currentUsers.set(context, user);
    }
  }
  const user = await checkedUser(request, page.then((answer) => answer.user));
  return { ...(await page), user };
}

async function checkedUser(request: Request, pending: Promise<CurrentUser>): Promise<CurrentUser> {
  // A form posted after the session ended is kept for after signing in again, whichever action it was.
  const user = await (request.method === 'GET' ? pending : pending.catch((thrown: unknown) => keepFormOnSignIn(request, thrown)));
  if (request.method !== 'GET') forgetKeptForm(request);
  // A platform admin who must turn on two-step sign-in first (REQUIRE_2FA_FOR_ADMINS): nowhere else until then.
  if (user.two_factor_enrolment_required && requestedPath(request.url).split('?')[0] !== TWO_FACTOR_ENROL_PATH) throw redirect(TWO_FACTOR_ENROL_PATH);
  return user;
}

export async function requireCurrentUserWithPermissions(
  args: RequestArgs,
): Promise<{ user: CurrentUser; permissions: Permission[] }> {
  const user = await requireCurrentUser(args);
  return { user, permissions: user.permissions as Permission[] };
}

export async function redirectIfSignedIn(request: Request, target: string): Promise<void> {
  if (!getAccessToken(request)) return;
  const me = await apiRequest(request, 'get', '/api/current_user', {}, { auth: 'optional' });
  if (me.ok) throw redirect(target);
}
