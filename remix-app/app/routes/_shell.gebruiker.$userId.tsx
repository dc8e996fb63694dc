import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import {
  LABELS,
  ORGANIZATION_LABELS,
  ROLE_CHECKBOX_LABELS,
  actsOn,
  checkboxesForRoles,
  displayOrganizationName,
  roleForCheckbox,
  rolesErrorText,
  type RoleCheckbox,
} from '@datahub/domain';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, TextField, useIsPending } from '~/components/core/form-controls';
import { useKeptValues } from '~/components/core/kept-form';
import { OrganizationErrorBoundary } from '~/components/organizations/organization-error';
import { sectionClass } from '~/components/organizations/organization-page';
import { apiGet, apiRequest } from '~/lib/core/api.server';
import { requireCurrentUserWithPermissions } from '~/lib/account/auth.server';
import type { FormReply } from '~/lib/core/forms';
import { pageTitle } from '~/lib/core/meta';
import { asActor, userName, userPage } from '~/lib/organizations/organizations.server';
import type { CurrentUserView, UserView } from '@datahub/api-client';
import { flashCookie } from '~/lib/core/session.server';
import { isRoleCheckbox, rolesForCheckboxes, visibleCheckboxes } from '~/lib/organizations/roles';
import { readSignedInAction } from '~/lib/core/action.server';

const L = ORGANIZATION_LABELS.user;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? data.name : L.title) }];


function canEditRoles(me: CurrentUserView, target: UserView): boolean {
  const { permissions } = me;
  return permissions.includes('RoleAssignment.Create') && permissions.includes('RoleAssignment.Delete') && actsOn(asActor(me), target.organization);
}

async function loadTarget(args: ActionFunctionArgs) {
  const { user: me } = await requireCurrentUserWithPermissions(args);
  const target = await apiGet(args.request, '/api/users/{id}', { params: { path: { id: args.params.userId ?? '' } } });
  return { me, target, canEdit: canEditRoles(me, target) };
}

export async function loader(args: LoaderFunctionArgs) {
  const { user: me, target, roles } = await userPage(args, args.params.userId);
  const canEdit = canEditRoles(me, target);
  return {
    id: target.user_id,
    name: userName(target),
    firstname: target.firstname,
    lastname: target.lastname,
    email: target.email,
    organizationName: displayOrganizationName(target.organization_name),
    usersPath:
      target.organization === me.organization ? '/mijn-gebruikers' : `/gebruikers/${target.organization_slug}`,
    inAdminOrganization: target.organization_admin,
    ticked: [...checkboxesForRoles(roles)],
    canEdit,
  };
}

type RolesReply = FormReply & { ticked?: string[] };

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { target, canEdit } = await loadTarget(args);
  const { formData, refused } = await readSignedInAction(args);
  if (refused) return refused;
  const ticked = formData.getAll('roles').filter(isRoleCheckbox);
  if (!canEdit) {
    const stored = await apiGet(request, '/api/users/{id}/roles', { params: { path: { id: target.user_id } } });
    return data<RolesReply>({ formError: rolesErrorText({ detail: '' }), ticked: [...checkboxesForRoles(stored)] }, { status: 403 });
  }
  const names = rolesForCheckboxes(ticked, target.organization_admin);
  const result = await apiRequest(
    request,
    'post',
    '/api/users/{id}/roles',
    { params: { path: { id: target.user_id } }, body: { names } },
    { refusals: 'return' },
  );
  if (!result.ok) {
    // The form shows what is stored now, not what was refused.
    const stored = await apiGet(request, '/api/users/{id}/roles', { params: { path: { id: target.user_id } } });
    return data<RolesReply>({ formError: rolesErrorText(result.error), ticked: [...checkboxesForRoles(stored)] }, { status: result.status });
  }
  return redirect(`/gebruiker/${encodeURIComponent(target.user_id)}`, {
    headers: { 'Set-Cookie': await flashCookie(request, L.saved) },
  });
}

function RoleCheckboxes({
  boxes,
  initial,
  inAdminOrganization,
  disabled,
}: {
  boxes: RoleCheckbox[];
  initial: string[];
  inAdminOrganization: boolean;
  disabled: boolean;
}) {
  const kept = useKeptValues('roles');
  // A revalidation no longer carries the kept form (shown once): the kept ticks stay until this page posts again.
  const keptShown = useRef(kept);
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === 'submitting') keptShown.current = undefined;
  }, [navigation.state]);
  const [ticked, setTicked] = useState(() => new Set(kept ?? initial));
  // Every answer from the server (a new array) replaces what was clicked, even when it equals what was shown.
  useEffect(() => setTicked(new Set(kept ?? keptShown.current ?? initial)), [kept, initial]);
  const ownerImplies = checkboxesForRoles([roleForCheckbox('owner', inAdminOrganization)]);

  return (
    <ul className="space-y-3">
      {boxes.map((box) => (
        <li key={box}>
          <label className="inline-flex items-center gap-3 text-stone-800">
            <input
              type="checkbox"
              name="roles"
              value={box}
              checked={ticked.has(box)}
              disabled={disabled}
              onChange={(event) => {
                const next = new Set(ticked);
                if (event.target.checked) {
                  next.add(box);
                  // Owner brings the rights of the boxes it implies: show them ticked too.
                  if (box === 'owner') ownerImplies.forEach((implied) => next.add(implied));
                } else next.delete(box);
                setTicked(next);
              }}
              className="h-4 w-4 rounded border-stone-300 text-brand-600 focus:ring-brand-500 disabled:opacity-60"
            />
            <span>{ROLE_CHECKBOX_LABELS[box]}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

export default function UserPage() {
  const user = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const pending = useIsPending();
  const boxes = visibleCheckboxes(user.inAdminOrganization);
  const ticked = (reply as RolesReply | undefined)?.ticked ?? user.ticked;

  return (
    <div>
      <p className="text-sm">
        <Link to={user.usersPath} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {L.backToUsers}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-stone-900">{user.name}</h1>

      <section aria-labelledby="gebruiker-gegevens" className={sectionClass}>
        <h2 id="gebruiker-gegevens" className="sr-only">
          {L.title}
        </h2>
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField name="firstname" label={L.firstname} readOnly value={user.firstname} />
          <TextField name="lastname" label={L.lastname} readOnly value={user.lastname} />
          <TextField name="email" type="email" label={L.email} readOnly value={user.email} />
          <TextField name="organization" label={L.organization} readOnly value={user.organizationName} />
        </div>
      </section>

      <section aria-labelledby="gebruiker-permissies" className={sectionClass}>
        <h2 id="gebruiker-permissies" className="text-xl font-semibold text-stone-900">
          {L.rolesTitle}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{user.canEdit ? L.rolesIntro : L.rolesReadOnly}</p>
        <Form method="post" noValidate className="mt-4 space-y-6">
          <FormError message={reply?.formError} />
          <fieldset>
            <legend className="sr-only">{ORGANIZATION_LABELS.users.permissionsOf(user.name)}</legend>
            <RoleCheckboxes
              key={user.id}
              boxes={boxes}
              initial={ticked}
              inAdminOrganization={user.inAdminOrganization}
              disabled={!user.canEdit}
            />
          </fieldset>
          {user.canEdit ? (
            <>
              <CsrfInput />
              <SubmitButton pending={pending} pendingLabel={LABELS.saving}>
                {L.save}
              </SubmitButton>
            </>
          ) : null}
        </Form>
      </section>
    </div>
  );
}

export { OrganizationErrorBoundary as ErrorBoundary };
