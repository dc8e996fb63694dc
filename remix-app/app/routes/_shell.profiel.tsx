import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { ERROR_TEXTS, LABELS, LIMITS, displayOrganizationName } from '@datahub/domain';
import { CsrfInput } from '~/components/csrf-input';
import { ErrorPanel } from '~/components/error-page';
import { FormError, SubmitButton, TextField, useIsPending } from '~/components/form-controls';
import { apiRequest } from '~/lib/api.server';
import { requireCurrentUser } from '~/lib/auth.server';
import { fieldErrorsOf, type FormReply, keptValues, textField } from '~/lib/forms';
import { pageTitle } from '~/lib/meta';
import { flashCookie } from '~/lib/session.server';
import { readSignedInAction } from '~/lib/action.server';

export const meta: MetaFunction = () => [{ title: pageTitle(LABELS.profile.title) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCurrentUser({ request, context });
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    organizationName: displayOrganizationName(user.organization_name),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, formData, refused } = await readSignedInAction({ request, context });
  if (refused) return refused;

  const result = await apiRequest(request, 'put', '/api/users/{id}', {
    params: { path: { id: user.user_id } },
    body: { firstname: textField(formData, 'firstname'), lastname: textField(formData, 'lastname') },
  });
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.error);
    return data<FormReply>(
      { formError: fieldErrors ? undefined : ERROR_TEXTS.generic, fieldErrors, values: keptValues(formData) },
      { status: result.status },
    );
  }
  return redirect('/profiel', { headers: { 'Set-Cookie': await flashCookie(request, LABELS.profile.saved) } });
}

export default function ProfilePage() {
  const profile = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const pending = useIsPending();
  const values = { firstname: profile.firstname, lastname: profile.lastname, ...reply?.values };

  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{LABELS.profile.title}</h1>
      <Form method="post" className="mt-8 space-y-6 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <FormError message={reply?.formError} />
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField
            name="firstname"
            label={LABELS.profile.firstname}
            autoComplete="given-name"
            required
            maxLength={LIMITS.personNameMax}
            defaultValue={values.firstname}
            error={reply?.fieldErrors?.firstname}
          />
          <TextField
            name="lastname"
            label={LABELS.profile.lastname}
            autoComplete="family-name"
            required
            maxLength={LIMITS.personNameMax}
            defaultValue={values.lastname}
            error={reply?.fieldErrors?.lastname}
          />
        </div>
        <fieldset className="grid gap-6 border-t border-stone-200 pt-6 sm:grid-cols-2">
          <legend className="sr-only">{LABELS.profile.readOnlyHint}</legend>
          <p className="text-sm text-stone-500 sm:col-span-2">{LABELS.profile.readOnlyHint}</p>
          <TextField name="email" type="email" label={LABELS.profile.email} readOnly value={profile.email} />
          <TextField name="organization" label={LABELS.profile.organization} readOnly value={profile.organizationName} />
        </fieldset>
        <SubmitButton pending={pending} pendingLabel={LABELS.saving}>
          {LABELS.profile.save}
        </SubmitButton>
        <CsrfInput />
      </Form>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
