import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ERROR_TEXTS, LABELS, LIMITS, loginErrorText, safeRedirectPath } from '@datahub/domain';
import { AuthLayout } from '~/components/account/auth-layout';
import { NewPasswordField } from '~/components/account/new-password-field';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, TextField, useClearedAfterReply, useIsPending } from '~/components/core/form-controls';
import { PersonNameFields } from '~/components/account/person-name-fields';
import { apiRequest, refusalInit } from '~/lib/core/api.server';
import { redirectIfSignedIn, signInHeaders } from '~/lib/account/auth.server';
import { fieldErrorsOf, type FormReply, keptValues, textField } from '~/lib/core/forms';
import { pageTitle } from '~/lib/core/meta';
import { pendingSignupCookie } from '~/lib/account/signup.server';
import { withRedirectUri } from '~/lib/core/redirects';
import { readPublicAction } from '~/lib/core/action.server';

export const meta: MetaFunction = () => [{ title: pageTitle(LABELS.signup.title) }];

/** The invitation link's token: the newcomer joins the inviting organisation. */
const INVITATION_PARAM = 'uitnodiging';

function invitationPath(invitation: string): string {
  return `/uitnodiging/${encodeURIComponent(invitation)}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const invitation = (search.get(INVITATION_PARAM) ?? '').slice(0, 200);
  const redirectTo = safeRedirectPath(search.get('redirect_uri') ?? (invitation ? '/mijn-organisatie' : null));
  // Someone signed in who follows an invitation can accept it there.
  await redirectIfSignedIn(request, invitation ? invitationPath(invitation) : redirectTo);
  const result = await apiRequest(request, 'get', '/api/auth/providers', {}, { auth: 'none' });
  return {
    redirectTo,
    invitation,
    email: invitation ? (search.get('email') ?? '').slice(0, LIMITS.emailMax) : '',
    signupEnabled: result.ok && result.data.signup_enabled,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { formData, refused } = await readPublicAction(request);
  if (refused) return refused;

  const redirectTo = safeRedirectPath(formData.get('redirect_uri'));
  // The API checks the password rule (passwordProblem) with every other field, so one refusal names them all.
  const result = await apiRequest(
    request,
    'post',
    '/api/auth/signup',
    {
      body: {
      firstname: textField(formData, 'firstname'),
      lastname: textField(formData, 'lastname'),
      email: textField(formData, 'email').trim(),
      password: textField(formData, 'password'),
      ...(textField(formData, INVITATION_PARAM) ? { invitation: textField(formData, INVITATION_PARAM) } : {}),
      },
    },
    { auth: 'none' },
  );
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.error);
    return data<FormReply>(
      {
        formError: fieldErrors && Object.keys(fieldErrors).length > 0 ? undefined : loginErrorText(result.error),
        fieldErrors,
        values: keptValues(formData),
      },
      refusalInit(result),
    );
  }
  // Without an invitation nothing is signed in yet: the address gets a verification link first.
  if ('status' in result.data)
    return redirect('/registreren/verstuurd', { headers: { 'Set-Cookie': await pendingSignupCookie(request, result.data.email) } });
  return redirect(redirectTo, {
    headers: signInHeaders(request, result.data.access_token, result.data.expires_at),
  });
}

export default function SignupPage() {
  const { redirectTo, invitation, email, signupEnabled } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const pending = useIsPending();
  useClearedAfterReply(reply, 'password');
  const loginLink = invitation
    ? withRedirectUri('/inloggen', invitationPath(invitation))
    : redirectTo === '/'
      ? '/inloggen'
      : withRedirectUri('/inloggen', redirectTo);

  return (
    <AuthLayout title={LABELS.signup.title} intro={LABELS.signup.intro}>
      {signupEnabled ? (
        <Form method="post" noValidate className="space-y-5">
          <FormError message={reply?.formError} />
          <PersonNameFields className="grid gap-5 sm:grid-cols-2" labels={LABELS.signup} values={reply?.values ?? {}} errors={reply?.fieldErrors} />
          <TextField
            name="email"
            type="email"
            label={LABELS.signup.email}
            autoComplete="email"
            required
            maxLength={LIMITS.emailMax}
            defaultValue={reply?.values?.email ?? email}
            error={reply?.fieldErrors?.email}
          />
          <NewPasswordField label={LABELS.signup.password} hint={LABELS.signup.passwordHint} error={reply?.fieldErrors?.password} />
          <div className="pt-1">
            <SubmitButton pending={pending} pendingLabel={LABELS.submitting}>
              {LABELS.signup.submit}
            </SubmitButton>
          </div>
          <input type="hidden" name="redirect_uri" value={redirectTo} />
          {invitation ? <input type="hidden" name={INVITATION_PARAM} value={invitation} /> : null}
          <CsrfInput />
        </Form>
      ) : (
        <FormError message={ERROR_TEXTS.login.signupDisabled} />
      )}
      <p className="mt-8 text-sm text-stone-600">
        {LABELS.signup.haveAccount}{' '}
        <Link to={loginLink} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {LABELS.signup.loginLink}
        </Link>
      </p>
    </AuthLayout>
  );
}
