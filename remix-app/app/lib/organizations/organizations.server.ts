import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import {
  CONFIRM_LABELS,
  ORGANIZATION_LABELS,
  formatDateDashed,
  organizationUpdateErrorText,
  hasPermissionIn,
  rolesErrorText,
  type OrganizationActor,
  type Permission,
} from '@datahub/domain';
import { apiRequest } from '../core/api.server';
import { pageGet, pageRequest } from '../core/page-read.server';
import { invitationRows } from './invitations.server';
import { requireCurrentUserWithPermissions } from '../account/auth.server';
import { fieldErrorsOf, keptValues, textField, type FormReply } from '../core/forms';
import { clearAccessTokenCookie, flashCookie } from '../core/session.server';
import type { CurrentUserView as CurrentUser, OrganizationPageView, UserView } from '@datahub/api-client';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;


export function userName(user: Pick<UserView, 'firstname' | 'lastname' | 'email'>): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.email;
}

export function asActor(user: CurrentUser, permissions: readonly Permission[] = []): OrganizationActor {
  return { organizationAdmin: user.organization_admin, organizationId: user.organization, permissions };
}

export interface UserRow {
  id: string;
  name: string;
  email: string;
  isSelf: boolean;
}

function userRows(users: UserView[], me: CurrentUser): UserRow[] {
  return users
    .map((user) => ({ id: user.user_id, name: userName(user), email: user.email, isSelf: user.user_id === me.user_id }))
    .sort((a, b) => a.name.localeCompare(b.name, 'nl'));
}

export function throwIfMoved(result: { status: number; location?: string }, movedTo: (slug: string) => string): void {
  const current = result.location?.match(/^\/api\/organizations\/([^/?#]+)(\/[^?#]*)?$/)?.[1];
  if (result.status === 301 && current) throw redirect(movedTo(decodeURIComponent(current)), 301);
}

/** /gebruiker/{id} and its removal page: one read of you, the user and their roles (404: not one you may see). */
export function userPage(args: Args, id: string | undefined) {
  return pageGet(args, '/api/pages/user/{id}', { params: { path: { id: id ?? '' } } });
}

export function organizationPath(slug: string): string {
  return `/organisatie/${encodeURIComponent(slug)}`;
}

export async function loadOrganizationPage(args: Args, slug: string) {
  const result = await pageRequest(args, '/api/pages/organization/{slug}', { params: { path: { slug } } });
  if (!result.ok) {
    throwIfMoved(result, organizationPath);
    throw new Response(null, { status: result.status });
  }
  return organizationPageOf(result.data);
}

/** What the organisation page shows, from its read (or /mijn-organisatie's, which carries it). */
export function organizationPageOf({ user, organization, users, licences }: OrganizationPageView) {
  const permissions = user.permissions as Permission[];
  return {
    organization,
    isOwn: organization.organization_id === user.organization,
    canEdit: hasPermissionIn(asActor(user, permissions), 'Organization.Update', organization.organization_id),
    users: userRows(users, user),
    licences: licences.map((licence) => ({
      name: licence.application_name,
      logoUrl: licence.application_logo_url,
      endDate: formatDateDashed(licence.end_date),
      expired: new Date(licence.end_date).getTime() < Date.now(),
    })),
  };
}

/** `backTo` may depend on the saved slug: a personal organisation's first name gives it a new one. */
export async function updateOrganization(args: Args, formData: FormData, backTo: string | ((slug: string) => string)) {
  const { request } = args;
  const organizationId = textField(formData, 'organization_id');
  const name = textField(formData, 'name');
  // A personal organisation keeps its (hidden) tmp_ name until someone gives it a real one.
  const keepName = name.trim() === '' && textField(formData, 'personal') === '1';
  const result = await apiRequest(
    request,
    'put',
    '/api/organizations/{organization_id}',
    {
      params: { path: { organization_id: organizationId } },
      body: {
        ...(keepName ? {} : { name }),
        kvk_number: textField(formData, 'kvk_number').trim(),
        domain: textField(formData, 'domain').trim(),
      },
    },
    { refusals: 'return' },
  );
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.error);
    return data<FormReply>(
      { formError: fieldErrors ? undefined : organizationUpdateErrorText(result.error), fieldErrors, values: keptValues(formData) },
      { status: result.status },
    );
  }
  const to = typeof backTo === 'string' ? backTo : backTo(result.data.slug);
  return redirect(to, { headers: { 'Set-Cookie': await flashCookie(request, ORGANIZATION_LABELS.organization.saved) } });
}

/** Deleting your own account ends the session (off to sign-in); 'last owner' comes back as the Dutch error. */
export async function removeUser(args: ActionFunctionArgs, formData: FormData, backTo: string) {
  const { request } = args;
  const { user: me } = await requireCurrentUserWithPermissions(args);
  const userId = textField(formData, 'user_id');
  const name = textField(formData, 'user_name');
  const isSelf = userId === me.user_id;
  // Deleting your own account asks for your e-mail address: checked here, whatever the browser did.
  if (isSelf && textField(formData, 'confirm_email').trim().toLowerCase() !== me.email.trim().toLowerCase()) {
    return data<FormReply & { intent: string }>(
      { intent: 'remove', formError: CONFIRM_LABELS.typeMismatch, values: { user_id: userId } },
      { status: 422 },
    );
  }
  const params = { path: { id: userId } };
  const result = isSelf
    ? await apiRequest(request, 'delete', '/api/users/{id}', { params }, { refusals: 'return' })
    : await apiRequest(request, 'delete', '/api/users/{id}/remove_from_organization', { params }, { refusals: 'return' });
  if (!result.ok) {
    const formError = result.status === 409 ? rolesErrorText(result.error) : ORGANIZATION_LABELS.users.removeFailed;
    return data<FormReply & { intent: string }>(
      { intent: 'remove', formError, values: { user_id: userId } },
      { status: result.status },
    );
  }
  if (isSelf) return redirect('/inloggen', { headers: { 'Set-Cookie': clearAccessTokenCookie(request) } });
  return redirect(backTo, {
    headers: { 'Set-Cookie': await flashCookie(request, ORGANIZATION_LABELS.users.removed(name || userId)) },
  });
}

/** `viewOnlyForNonAdmins`: /gebruikers/{slug} shows remove buttons to organisation admins only, /mijn-gebruikers to anyone with User.Delete. */
export async function loadUsersPage(args: Args, slug: string | null, options: { viewOnlyForNonAdmins: boolean }) {
  const result = slug === null
    ? await pageRequest(args, '/api/pages/my-users', undefined)
    : await pageRequest(args, '/api/pages/users/{slug}', { params: { path: { slug } } });
  if (!result.ok) {
    throwIfMoved(result, (current) => `/gebruikers/${encodeURIComponent(current)}`);
    throw new Response(null, { status: result.status });
  }
  const { user, organization, users, invitations } = result.data;
  const permissions = user.permissions as Permission[];
  const mayRemove = hasPermissionIn(asActor(user, permissions), 'User.Delete', organization.organization_id);
  return {
    organizationName: organization.name,
    organizationSlug: organization.slug,
    usersPath:
      String(organization.organization_id) === String(user.organization) && !options.viewOnlyForNonAdmins
        ? '/mijn-gebruikers'
        : `/gebruikers/${organization.slug}`,
    users: userRows(users, user),
    canRemove: mayRemove && (!options.viewOnlyForNonAdmins || user.organization_admin),
    canInvite:
      organization.organization_id === user.organization && permissions.includes('Invitation.Create'),
    ...(slug === null ? { invitations: invitationRows(invitations ?? []) } : {}),
  };
}
