import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ACCOUNT_LABELS, ERROR_TEXTS, LABELS } from '@datahub/domain';
import { AuthLayout } from '~/components/account/auth-layout';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, useClearedAfterReply, useIsPending } from '~/components/core/form-controls';
import { NewPasswordField } from '~/components/account/new-password-field';
import { apiRequest, refusalInit } from '~/lib/core/api.server';
import { fieldErrorsOf, textField, type FormReply } from '~/lib/core/forms';
import { pageTitle } from '~/lib/core/meta';
import { readPublicAction } from '~/lib/core/action.server';
import { clearAccessTokenCookie } from '~/lib/core/session.server';
import { PASSWORD_CHANGED } from '~/lib/account/login-notes';

const L = ACCOUNT_LABELS.reset;

type ResetReply = FormReply & { invalid?: boolean };

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

const tokenOf = (params: { token?: string }) => (params.token ?? '').slice(0, 200);

/** Looking at the link does not use it up (mail scanners follow links); a spent one says so at once. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const result = await apiRequest(request, 'get', '/api/auth/password-reset/{token}', { params: { path: { token: tokenOf(params) } } }, { auth: 'none' });
  return result.ok ? { email: result.data.email } : { email: null };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { formData, refused } = await readPublicAction(request);
  if (refused) return refused;
  const body = { token: tokenOf(params), password: textField(formData, 'password') };
  const result = await apiRequest(request, 'post', '/api/auth/password-reset/confirm', { body }, { auth: 'none' });
  if (!result.ok) {
    if (result.status === 404) return data<ResetReply>({ invalid: true }, { status: 404 });
    const fieldErrors = fieldErrorsOf(result.error);
    return data<ResetReply>({ fieldErrors, formError: fieldErrors ? undefined : ERROR_TEXTS.generic }, refusalInit(result));
  }
  // Every session of the account has ended: this browser's too.
  return redirect(`/inloggen?${PASSWORD_CHANGED.param}=${PASSWORD_CHANGED.value}`, { headers: { 'Set-Cookie': clearAccessTokenCookie(request) } });
}

export default function ResetPasswordPage() {
  const { email } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ResetReply | undefined;
  const pending = useIsPending();
  useClearedAfterReply(reply, 'password');
  if (!email || reply?.invalid) {
    return (
      <AuthLayout title={L.invalidTitle} intro={L.invalid}>
        <Link to="/wachtwoord-vergeten" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {L.again}
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={L.title} intro={L.intro}>
      <Form method="post" noValidate className="space-y-5">
        <FormError message={reply?.formError} />
        {/* Which account: in full, since the link holder can read that mailbox anyway. */}
        <p className="text-sm text-stone-700" data-testid="reset-account">
          {L.account}: <strong className="break-all font-semibold text-stone-900">{email}</strong>
        </p>
        {/* For password managers: which account the new password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <NewPasswordField label={L.password} error={reply?.fieldErrors?.password} />
        <CsrfInput />
        <SubmitButton pending={pending} pendingLabel={LABELS.saving}>
          {L.submit}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
