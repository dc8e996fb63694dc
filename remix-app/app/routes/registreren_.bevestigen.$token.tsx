import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { LABELS, LIMITS, loginErrorText, SIGNUP_VERIFICATION_LABELS as L } from '@datahub/domain';
import { AuthLayout } from '~/components/account/auth-layout';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, TextField, useClearedAfterReply, useIsPending } from '~/components/core/form-controls';
import { apiRequest, refusalInit } from '~/lib/core/api.server';
import { signInHeaders } from '~/lib/account/auth.server';
import { textField, type FormReply } from '~/lib/core/forms';
import { pageTitle } from '~/lib/core/meta';
import { flashCookie } from '~/lib/core/session.server';
import { readPublicAction } from '~/lib/core/action.server';

export const meta: MetaFunction = () => [{ title: pageTitle(L.confirmTitle) }];

type ConfirmReply = FormReply & { invalid?: boolean };

/** Where activating places the account, said before confirming; an unknown or spent link still shows the form. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const result = await apiRequest(
    request,
    'get',
    '/api/auth/signup/verify/{token}',
    { params: { path: { token: (params.token ?? '').slice(0, 200) } } },
    { auth: 'none', refusals: 'return' },
  );
  if (!result.ok) return { known: false, organization: null };
  return { known: true, organization: result.data.organization_name };
}

/** Only shows a form: mail scanners must not use the link up, and the sign-up password must be typed again. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { formData, refused } = await readPublicAction(request);
  if (refused) return refused;
  const result = await apiRequest(
    request,
    'post',
    '/api/auth/signup/verify',
    { body: { token: (params.token ?? '').slice(0, 200), password: textField(formData, 'password') } },
    { auth: 'none' },
  );
  if (!result.ok) {
    if (result.status === 404) return data<ConfirmReply>({ invalid: true }, { status: 404 });
    return data<ConfirmReply>({ fieldErrors: result.error.errors, formError: result.error.errors ? undefined : loginErrorText(result.error) }, refusalInit(result));
  }
  const headers = signInHeaders(request, result.data.access_token, result.data.expires_at);
  headers.append('Set-Cookie', await flashCookie(request, L.confirmed));
  return redirect('/', { headers });
}

export default function ConfirmSignupPage() {
  const placement = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ConfirmReply | undefined;
  const pending = useIsPending();
  useClearedAfterReply(reply, 'password');
  if (reply?.invalid) {
    return (
      <AuthLayout title={L.invalidTitle} intro={L.invalid}>
        <Link to="/registreren" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {L.toSignup}
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={L.confirmTitle} intro={L.confirmIntro}>
      {placement.known && (
        <p role="note" className="mb-5 rounded-md border border-stone-200 bg-stone-50 px-4 py-3 text-stone-800">
          {placement.organization ? L.joins(placement.organization) : L.ownOrganization}
        </p>
      )}
      <Form noValidate method="post" className="space-y-5">
        <FormError message={reply?.formError} />
        <TextField
          name="password"
          type="password"
          label={LABELS.signup.password}
          autoComplete="current-password"
          required
          maxLength={LIMITS.passwordMax}
          error={reply?.fieldErrors?.password}
        />
        <CsrfInput />
        <SubmitButton pending={pending} pendingLabel={L.confirming}>
          {L.confirm}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
