import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { ERROR_TEXTS, LABELS, SIGNUP_VERIFICATION_LABELS as L } from '@datahub/domain';
import { AuthLayout } from '~/components/account/auth-layout';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, useIsPending } from '~/components/core/form-controls';
import { apiRequest, refusalInit } from '~/lib/core/api.server';
import type { FormReply } from '~/lib/core/forms';
import { pageTitle } from '~/lib/core/meta';
import { pendingSignupEmail } from '~/lib/account/signup.server';
import { readPublicAction } from '~/lib/core/action.server';

export const meta: MetaFunction = () => [{ title: pageTitle(L.sentTitle) }];

const RESENT_PARAM = 'opnieuw';

/** After sign-up: which address got the link, and a rate-limited way to have it sent again. */
export async function loader({ request }: LoaderFunctionArgs) {
  const email = await pendingSignupEmail(request);
  if (!email) throw redirect('/registreren');
  return { email, resent: new URL(request.url).searchParams.has(RESENT_PARAM) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { refused } = await readPublicAction(request);
  if (refused) return refused;
  const email = await pendingSignupEmail(request);
  if (!email) return redirect('/registreren');
  const result = await apiRequest(request, 'post', '/api/auth/signup/resend', { body: { email } }, { auth: 'none' });
  if (!result.ok) return data<FormReply>({ formError: result.status === 429 ? L.tooManyResends : ERROR_TEXTS.generic }, refusalInit(result));
  return redirect(`/registreren/verstuurd?${RESENT_PARAM}=1`);
}

export default function SignupSentPage() {
  const { email, resent } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const pending = useIsPending();
  return (
    <AuthLayout title={L.sentTitle} intro={L.sent(email)}>
      {resent && !reply ? (
        <p role="status" className="mb-4 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
          {L.resent}
        </p>
      ) : null}
      <Form noValidate method="post" className="space-y-4">
        <FormError message={reply?.formError} />
        <p className="text-sm text-stone-600">{L.notReceived}</p>
        <CsrfInput />
        <SubmitButton pending={pending} pendingLabel={LABELS.submitting}>
          {L.resend}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
