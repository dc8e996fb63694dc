import { Form } from '@remix-run/react';
import { ACCOUNT_LABELS, LABELS, LIMITS } from '@datahub/domain';
import { PASSWORD_INTENT, type PasswordReply } from '~/lib/account/password-change';
import { CsrfInput } from '~/components/core/csrf-input';
import { EndOthersCheckbox } from '~/components/account/end-others-checkbox';
import { FormError, SubmitButton, TextField, useClearedAfterReply, useIsPending } from '~/components/core/form-controls';
import { NewPasswordField } from '~/components/account/new-password-field';

const L = ACCOUNT_LABELS.change;

/** Accounts that sign in through Google, Microsoft or GitHub have no password: they get a note instead. */
export function PasswordChangeSection({ hasPassword, email, reply }: { hasPassword: boolean; email: string; reply?: PasswordReply }) {
  const pending = useIsPending();
  useClearedAfterReply(reply, 'current_password');
  useClearedAfterReply(reply, 'password');
  return (
    <section id="wachtwoord" aria-labelledby="wachtwoord-titel" className="mt-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="wachtwoord-titel" className="text-lg font-semibold text-stone-900">
        {L.title}
      </h2>
      {hasPassword ? (
        <Form method="post" noValidate className="mt-4 space-y-5">
          <p className="text-sm text-stone-600">{L.intro}</p>
          <FormError message={reply?.formError} />
          <input type="hidden" name="username" autoComplete="username" value={email} />
          <TextField
            name="current_password"
            type="password"
            label={L.current}
            autoComplete="current-password"
            required
            maxLength={LIMITS.passwordMax}
            error={reply?.fieldErrors?.current_password}
          />
          <NewPasswordField label={L.next} error={reply?.fieldErrors?.password} />
          <EndOthersCheckbox id="wachtwoord-beeindigen" checked={reply?.endOthers ?? true} />
          <input type="hidden" name="intent" value={PASSWORD_INTENT} />
          <CsrfInput />
          <SubmitButton pending={pending} pendingLabel={LABELS.saving}>
            {L.submit}
          </SubmitButton>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-stone-700">{L.federated}</p>
      )}
    </section>
  );
}
