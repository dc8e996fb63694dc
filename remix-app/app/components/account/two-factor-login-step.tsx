import { Form, Link } from '@remix-run/react';
import { LABELS, TWO_FACTOR_LABELS } from '@datahub/domain';
import { SECOND_STEP, SECOND_STEP_INTENT, type SecondStepMode, type SecondStepReply } from '~/lib/account/two-factor';
import { withRedirectUri } from '~/lib/core/redirects';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, TextField, useClearedAfterReply, useIsPending } from '~/components/core/form-controls';

const L = TWO_FACTOR_LABELS.login;

export function TwoFactorLoginStep({ mode, redirectTo, reply }: { mode: SecondStepMode; redirectTo: string; reply?: SecondStepReply }) {
  const pending = useIsPending();
  useClearedAfterReply(reply, 'code');
  const recovery = mode === SECOND_STEP.recovery;
  const other = withRedirectUri(`/inloggen?${SECOND_STEP.param}=${recovery ? SECOND_STEP.code : SECOND_STEP.recovery}`, redirectTo);
  const link = 'font-medium text-brand-700 underline-offset-2 hover:underline';
  return (
    <Form method="post" noValidate className="space-y-5">
      <FormError message={reply?.formError} />
      {reply?.expired ? (
        <p className="text-sm">
          <Link to={withRedirectUri('/inloggen', redirectTo)} className={link}>
            {L.restart}
          </Link>
        </p>
      ) : (
        <>
          <TextField
            name="code"
            label={recovery ? L.recovery : L.code}
            hint={recovery ? undefined : TWO_FACTOR_LABELS.codeHint}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            required
            maxLength={40}
            error={reply?.fieldErrors?.code}
          />
          <div className="pt-1">
            <SubmitButton pending={pending} pendingLabel={LABELS.submitting}>
              {L.submit}
            </SubmitButton>
          </div>
          <p className="text-sm">
            <Link to={other} className={link}>
              {recovery ? L.useApp : L.useRecovery}
            </Link>
          </p>
        </>
      )}
      <input type="hidden" name="intent" value={SECOND_STEP_INTENT} />
      <input type="hidden" name={SECOND_STEP.param} value={mode} />
      <input type="hidden" name="redirect_uri" value={redirectTo} />
      <CsrfInput />
    </Form>
  );
}
