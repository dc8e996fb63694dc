import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ACCOUNT_LABELS, ERROR_TEXTS, LABELS, LIMITS, PASSWORD_RESET_TTL_MINUTES } from '@datahub/domain';
import { AuthLayout } from '~/components/account/auth-layout';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, TextField, useIsPending } from '~/components/core/form-controls';
import { apiRequest, refusalInit } from '~/lib/core/api.server';
import { fieldErrorsOf, textField, type FormReply } from '~/lib/core/forms';
import { pageTitle } from '~/lib/core/meta';
import { readPublicAction } from '~/lib/core/action.server';

const L = ACCOUNT_LABELS.forgot;
const SENT_PARAM = 'verstuurd';

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

export function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get(SENT_PARAM) === '1' };
}

/** Asks nest-api for a reset link; the answer (and so this page) is the same whether or not the address has an account. */
export async function action({ request }: ActionFunctionArgs) {
  const { formData, refused } = await readPublicAction(request);
  if (refused) return refused;
  const email = textField(formData, 'email').trim();
  const result = await apiRequest(request, 'post', '/api/auth/password-reset', { body: { email } }, { auth: 'none' });
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.error);
    const formError = fieldErrors ? undefined : result.status === 429 ? L.tooMany : ERROR_TEXTS.generic;
    return data<FormReply>({ formError, fieldErrors, values: { email } }, refusalInit(result));
  }
  return redirect(`/wachtwoord-vergeten?${SENT_PARAM}=1`);
}

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const pending = useIsPending();
  return (
    <AuthLayout title={L.title} intro={L.intro}>
      {sent && !reply ? (
        <p role="status" className="mb-5 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {L.sent(PASSWORD_RESET_TTL_MINUTES)}
        </p>
      ) : null}
      <Form method="post" noValidate className="space-y-5">
        <FormError message={reply?.formError} />
        <TextField
          name="email"
          type="email"
          label={L.email}
          autoComplete="username"
          required
          maxLength={LIMITS.emailMax}
          defaultValue={reply?.values?.email ?? ''}
          error={reply?.fieldErrors?.email}
        />
        <CsrfInput />
        <SubmitButton pending={pending} pendingLabel={LABELS.submitting}>
          {L.submit}
        </SubmitButton>
      </Form>
      <p className="mt-8 text-sm">
        <Link to="/inloggen" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {L.backToLogin}
        </Link>
      </p>
    </AuthLayout>
  );
}
