import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { API_TOKEN_LABELS, CONSENT_LABELS, ERROR_TEXTS, LABELS, RATING_LABELS, displayOrganizationName } from '@datahub/domain';
import { ApiTokensSection } from '~/components/account/api-tokens';
import { PasswordChangeSection } from '~/components/account/password-change-section';
import { TwoFactorSection } from '~/components/account/two-factor-section';
import { twoFactorAction, twoFactorOf } from '~/lib/account/two-factor.server';
import { TWO_FACTOR_INTENT, type TwoFactorReply } from '~/lib/account/two-factor';
import { changePassword } from '~/lib/account/password-change.server';
import { PASSWORD_INTENT, type PasswordReply } from '~/lib/account/password-change';
import { ConsentForm } from '~/components/account/consent-banner';
import { RatingScale } from '~/components/insight/rating-prompt';
import { CsrfInput } from '~/components/core/csrf-input';
import { ErrorPanel } from '~/components/core/error-page';
import { FormError, SecondaryActions, SubmitButton, TextField, useIsPending } from '~/components/core/form-controls';
import { PersonNameFields } from '~/components/account/person-name-fields';
import { apiRequest } from '~/lib/core/api.server';
import { pageGet } from '~/lib/core/page-read.server';
import { consentChoice, privacySignal } from '~/lib/account/consent.server';
import { submitRating } from '~/lib/insight/rating.server';
import { fieldErrorsOf, type FormReply, keptValues, textField } from '~/lib/core/forms';
import { pageTitle } from '~/lib/core/meta';
import { flashCookie } from '~/lib/core/session.server';
import { readSignedInAction } from '~/lib/core/action.server';
import { apiTokenAction, type TokenReply } from '~/lib/account/api-tokens.server';

export const meta: MetaFunction = () => [{ title: pageTitle(LABELS.profile.title) }];

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const page = await pageGet(args, '/api/pages/profile');
  const { user } = page;
  return {
    apiTokens: page.api_tokens,
    twoFactor: twoFactorOf(page),
    hasPassword: page.has_password,
    consent: consentChoice(request),
    privacySignal: privacySignal(request),
    maxRating: page.rating.max_rating,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    organizationName: displayOrganizationName(user.organization_name),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, formData, refused } = await readSignedInAction({ request, context });
  if (refused) return refused;
  const tokenAnswer = await apiTokenAction(request, formData, { kind: 'personal' }, '/profiel');
  if (tokenAnswer) return tokenAnswer;
  if (textField(formData, 'intent') === PASSWORD_INTENT) return changePassword(request, formData);
  if (textField(formData, 'intent') === TWO_FACTOR_INTENT) return twoFactorAction(request, formData, '/profiel');
  if (textField(formData, 'intent') === 'beoordeling') {
    const rated = await submitRating(request, formData);
    if (!rated.ok) return data<FormReply & { intent?: string }>({ ...rated.reply, intent: 'beoordeling' }, { status: rated.status });
    return redirect('/profiel', { headers: { 'Set-Cookie': await flashCookie(request, RATING_LABELS.thanks) } });
  }

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
  const actionData = useActionData<typeof action>() as (FormReply & { intent?: string }) | undefined;
  const ratingReply = actionData?.intent === 'beoordeling' ? actionData : undefined;
  const tokenReply = actionData?.intent === 'api-token' ? (actionData as TokenReply) : undefined;
  const passwordReply = actionData?.intent === PASSWORD_INTENT ? (actionData as PasswordReply) : undefined;
  const twoFactorReply = actionData?.intent === TWO_FACTOR_INTENT ? (actionData as TwoFactorReply) : undefined;
  const reply = ratingReply || tokenReply || passwordReply || twoFactorReply ? undefined : actionData;
  const pending = useIsPending();
  const values = { firstname: profile.firstname, lastname: profile.lastname, ...reply?.values };

  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{LABELS.profile.title}</h1>
      <Form method="post" noValidate className="mt-8 space-y-6 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <FormError message={reply?.formError} />
        <PersonNameFields className="grid gap-6 sm:grid-cols-2" labels={LABELS.profile} values={values} errors={reply?.fieldErrors} />
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

      {/* One primary action on the page, saving the details above; every other section's is secondary. */}
      <SecondaryActions>
      <PasswordChangeSection hasPassword={profile.hasPassword} email={profile.email} reply={passwordReply} />

      <TwoFactorSection view={profile.twoFactor} reply={twoFactorReply} />

      <ApiTokensSection tokens={profile.apiTokens} reply={tokenReply} intro={API_TOKEN_LABELS.introPersonal} action="/profiel" confirmBase="/profiel/api-tokens" />

      <section aria-labelledby="toestemming-profiel" className="mt-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="toestemming-profiel" className="text-lg font-semibold text-stone-900">
          {CONSENT_LABELS.profileTitle}
        </h2>
        <p className="mt-2 text-sm text-stone-700" data-testid="consent-state">
          {profile.consent === 'alle' ? CONSENT_LABELS.profileCurrentAll : CONSENT_LABELS.profileCurrentNecessary}
        </p>
        {profile.privacySignal ? <p className="mt-2 text-sm text-stone-700">{CONSENT_LABELS.profileSignal}</p> : null}
        <p className="mt-2 text-sm text-stone-600">{CONSENT_LABELS.text}</p>
        <ConsentForm back="/profiel" flash className="mt-4" />
      </section>

      <section aria-labelledby="beoordeling-profiel" className="mt-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="beoordeling-profiel" className="text-lg font-semibold text-stone-900">
          {RATING_LABELS.profileTitle}
        </h2>
        <Form method="post" noValidate className="mt-4 space-y-4">
          <FormError message={ratingReply?.formError} />
          <RatingScale max={profile.maxRating} selected={ratingReply?.values?.score} />
          {ratingReply?.fieldErrors?.score ? <p className="text-sm font-medium text-red-700">{ratingReply.fieldErrors.score}</p> : null}
          <div>
            <label htmlFor="comment" className="block text-sm font-medium text-stone-800">
              {RATING_LABELS.comment}
            </label>
            <textarea
              id="comment"
              name="comment"
              rows={3}
              maxLength={1000}
              defaultValue={ratingReply?.values?.comment}
              className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-stone-900 shadow-sm"
            />
            {ratingReply?.fieldErrors?.comment ? <p className="mt-1 text-sm font-medium text-red-700">{ratingReply.fieldErrors.comment}</p> : null}
          </div>
          <input type="hidden" name="intent" value="beoordeling" />
          <input type="hidden" name="action" value="rate" />
          <CsrfInput />
          <SubmitButton pending={pending} pendingLabel={LABELS.saving}>
            {RATING_LABELS.submit}
          </SubmitButton>
        </Form>
      </section>
      </SecondaryActions>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
