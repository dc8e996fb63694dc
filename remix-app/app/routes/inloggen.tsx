import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ACCOUNT_LABELS, ERROR_TEXTS, LABELS, TWO_FACTOR_LABELS, loginErrorText, safeRedirectPath } from '@datahub/domain';
import { sessionEnded } from '~/lib/account/session-ending.server';
import { PASSWORD_CHANGED } from '~/lib/account/login-notes';
import { AuthLayout } from '~/components/account/auth-layout';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, TextField, useClearedAfterReply, useIsPending } from '~/components/core/form-controls';
import { apiRequest, refusalInit } from '~/lib/core/api.server';
import { redirectIfSignedIn, signInHeaders } from '~/lib/account/auth.server';
import { fieldErrorsOf, type FormReply, textField } from '~/lib/core/forms';
import { pageTitle } from '~/lib/core/meta';
import { withRedirectUri } from '~/lib/core/redirects';
import type { ProviderView } from '@datahub/api-client';
import { readPublicAction } from '~/lib/core/action.server';
import { TwoFactorLoginStep } from '~/components/account/two-factor-login-step';
import { askForCode, completeSecondStep, secondStepMode } from '~/lib/account/two-factor-login.server';
import { SECOND_STEP_INTENT, type SecondStepReply } from '~/lib/account/two-factor';

type ProviderId = ProviderView['id'];

export const meta: MetaFunction = () => [{ title: pageTitle(LABELS.login.title) }];

const PROVIDER_LABELS: Record<ProviderId, string> = {
  google: LABELS.login.google,
  microsoft: LABELS.login.microsoft,
  github: LABELS.login.github,
};

/** nest-api sends the browser back here with this parameter when a provider sign-in failed. */
const PROVIDER_FAILED = { param: 'fout', value: 'extern' };
/** …and with this one after logging out. */
const LOGGED_OUT_PARAM = 'uitgelogd';

export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const redirectTo = safeRedirectPath(search.get('redirect_uri'));
  await redirectIfSignedIn(request, redirectTo);
  const result = await apiRequest(request, 'get', '/api/auth/providers', {}, { auth: 'none' });
  const providers = result.ok ? result.data : { signup_enabled: false, providers: [] };
  const secondStep = secondStepMode(request);
  return {
    redirectTo,
    secondStep: secondStep.mode,
    secondStepExpired: secondStep.expired,
    providerFailed: search.get(PROVIDER_FAILED.param) === PROVIDER_FAILED.value,
    loggedOut: search.get(LOGGED_OUT_PARAM) === '1',
    sessionEnded: sessionEnded(request),
    passwordChanged: search.get(PASSWORD_CHANGED.param) === PASSWORD_CHANGED.value,
    signupEnabled: providers.signup_enabled,
    providers: providers.providers
      .filter((provider) => provider.id in PROVIDER_LABELS)
      .map((provider) => ({ id: provider.id, href: withRedirectUri(provider.url, redirectTo) })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { formData, refused } = await readPublicAction(request);
  if (refused) return refused;

  if (textField(formData, 'intent') === SECOND_STEP_INTENT) return completeSecondStep(request, formData);

  const email = textField(formData, 'email').trim();
  const password = textField(formData, 'password');
  const redirectTo = safeRedirectPath(formData.get('redirect_uri'));

  const result = await apiRequest(request, 'post', '/api/auth/login', { body: { email, password } }, { auth: 'none' });
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.error);
    return data<FormReply>(
      {
        formError: fieldErrors && Object.keys(fieldErrors).length > 0 ? undefined : loginErrorText(result.error),
        fieldErrors,
        values: { email },
      },
      refusalInit(result),
    );
  }
  // Two-step sign-in on: no session yet, but the token for the code step.
  if ('challenge' in result.data) return askForCode(request, result.data.challenge, redirectTo);
  return redirect(redirectTo, {
    headers: signInHeaders(request, result.data.access_token, result.data.expires_at),
  });
}

export default function LoginPage() {
  const { redirectTo, secondStep, secondStepExpired, providerFailed, loggedOut, sessionEnded, passwordChanged, signupEnabled, providers } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const secondStepReply = answer && 'intent' in answer && answer.intent === SECOND_STEP_INTENT ? (answer as SecondStepReply) : undefined;
  const reply = secondStepReply ? undefined : (answer as FormReply | undefined);
  const note = reply ? null : loggedOut ? LABELS.login.loggedOut : passwordChanged ? ACCOUNT_LABELS.passwordChanged : null;
  const pending = useIsPending();
  useClearedAfterReply(reply, 'password');

  if (secondStep)
    return (
      <AuthLayout title={TWO_FACTOR_LABELS.login.title} intro={secondStep === 'herstelcode' ? TWO_FACTOR_LABELS.login.recoveryIntro : TWO_FACTOR_LABELS.login.intro}>
        <TwoFactorLoginStep mode={secondStep} redirectTo={redirectTo} reply={secondStepReply} />
      </AuthLayout>
    );

  return (
    <AuthLayout title={LABELS.login.title} intro={LABELS.login.intro}>
      <Form method="post" noValidate className="space-y-5">
        {note ? (
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {note}
          </p>
        ) : null}
        {sessionEnded && !reply ? (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {ERROR_TEXTS.login.sessionExpired}
          </p>
        ) : null}
        <FormError
          message={reply?.formError ?? (secondStepExpired ? TWO_FACTOR_LABELS.login.expired : providerFailed ? ERROR_TEXTS.login.providerFailed : undefined)}
        />
        <TextField
          name="email"
          type="email"
          label={LABELS.login.email}
          autoComplete="username"
          required
          defaultValue={reply?.values?.email ?? ''}
          error={reply?.fieldErrors?.email}
        />
        <TextField
          name="password"
          type="password"
          label={LABELS.login.password}
          autoComplete="current-password"
          required
          error={reply?.fieldErrors?.password}
        />
        <p className="-mt-2 text-sm">
          <Link to="/wachtwoord-vergeten" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {ACCOUNT_LABELS.forgotLink}
          </Link>
        </p>
        <div className="pt-1">
          <SubmitButton pending={pending} pendingLabel={LABELS.submitting}>
            {LABELS.login.submit}
          </SubmitButton>
        </div>
        <input type="hidden" name="redirect_uri" value={redirectTo} />
        <CsrfInput />
      </Form>

      {providers.length > 0 ? (
        <div className="mt-8">
          <div className="flex items-center gap-3 text-sm text-stone-500">
            <span className="h-px flex-1 bg-stone-200" />
            <span>{LABELS.login.providersHeading}</span>
            <span className="h-px flex-1 bg-stone-200" />
          </div>
          <ul className="mt-4 space-y-2">
            {providers.map((provider) => (
              <li key={provider.id}>
                <a
                  href={provider.href}
                  className="block rounded-md border border-stone-300 px-4 py-2 text-center text-sm font-medium text-stone-800 transition hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  {PROVIDER_LABELS[provider.id]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {signupEnabled ? (
        <p className="mt-8 text-sm text-stone-600">
          {LABELS.login.noAccount}{' '}
          <Link
            to={redirectTo === '/' ? '/registreren' : withRedirectUri('/registreren', redirectTo)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {LABELS.login.signupLink}
          </Link>
        </p>
      ) : null}
    </AuthLayout>
  );
}
