import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { LABELS, TWO_FACTOR_LABELS as L } from '@datahub/domain';
import { TWO_FACTOR_INTENT, type TwoFactorReply, type TwoFactorStep } from '~/lib/account/two-factor';
import type { TwoFactorView } from '~/lib/account/two-factor.server';
import { CsrfInput } from '~/components/core/csrf-input';
import { EndOthersCheckbox } from '~/components/account/end-others-checkbox';
import { FormError, SubmitButton, TextField, useClearedAfterReply, useIsPending } from '~/components/core/form-controls';
import { RecoveryCodes } from '~/components/account/recovery-codes';

function StepForm({ step, children, className }: { step: TwoFactorStep; children: ReactNode; className?: string }) {
  return (
    <Form method="post" noValidate className={className}>
      <input type="hidden" name="intent" value={TWO_FACTOR_INTENT} />
      <input type="hidden" name="stap" value={step} />
      <CsrfInput />
      {children}
    </Form>
  );
}

const codeInput = { inputMode: 'numeric', autoComplete: 'one-time-code', required: true, maxLength: 40 } as const;

function Enrolment({ enrolment, reply }: { enrolment: NonNullable<TwoFactorView['enrolment']>; reply?: TwoFactorReply }) {
  const pending = useIsPending();
  return (
    <div className="mt-4 space-y-4">
      <h3 className="font-medium text-stone-900">{L.enrolHeading}</h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
        {L.enrolSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <img src={enrolment.qrDataUrl} alt={L.qrAlt} width={200} height={200} className="rounded border border-stone-200 bg-white" />
      <div>
        <p className="text-sm font-medium text-stone-800">{L.secret}</p>
        <code className="mt-1 inline-block select-all break-all rounded bg-stone-100 px-2 py-1 font-mono text-sm text-stone-900" data-testid="tweestaps-sleutel">
          {enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
        </code>
      </div>
      <StepForm step="bevestigen" className="space-y-4">
        <FormError message={reply?.step === 'bevestigen' ? reply.formError : undefined} />
        <TextField name="code" label={L.code} hint={L.codeHint} className="max-w-xs" {...codeInput} error={reply?.step === 'bevestigen' ? reply.fieldErrors?.code : undefined} />
        <EndOthersCheckbox id="tweestaps-beeindigen" checked={reply?.step === 'bevestigen' ? (reply.endOthers ?? true) : true} />
        <SubmitButton pending={pending} pendingLabel={LABELS.saving}>
          {L.confirm}
        </SubmitButton>
      </StepForm>
      <StepForm step="annuleren">
        <button type="submit" className="text-sm font-medium text-brand-700 underline underline-offset-2">
          {L.cancel}
        </button>
      </StepForm>
    </div>
  );
}

function Enabled({ left, reply }: { left: number; reply?: TwoFactorReply }) {
  const pending = useIsPending();
  return (
    <div className="mt-2 space-y-4">
      <p className="text-sm text-stone-700" data-testid="tweestaps-staat">
        {L.on} {L.recoveryLeft(left)}
      </p>
      <StepForm step="uitschakelen" className="space-y-4 border-t border-stone-200 pt-4">
        <h3 className="font-medium text-stone-900">{L.disableHeading}</h3>
        <p className="text-sm text-stone-600">{L.disableIntro}</p>
        <FormError message={reply?.step === 'uitschakelen' ? reply.formError : undefined} />
        <TextField name="code" label={L.disableCode} className="max-w-xs" autoComplete="one-time-code" required maxLength={40} error={reply?.step === 'uitschakelen' ? reply.fieldErrors?.code : undefined} />
        <SubmitButton pending={pending} pendingLabel={LABELS.saving}>
          {L.disable}
        </SubmitButton>
      </StepForm>
    </div>
  );
}

/** Also alone on /tweestapsverificatie for an admin who must turn it on. */
export function TwoFactorSection({ view, reply, heading = true }: { view: TwoFactorView; reply?: TwoFactorReply; heading?: boolean }) {
  const pending = useIsPending();
  useClearedAfterReply(reply, 'code');
  const codes = reply?.recoveryCodes;
  let body: ReactNode;
  if (!view.available) body = <p className="mt-2 text-sm text-stone-700">{L.federated}</p>;
  else if (codes) body = <RecoveryCodes codes={codes} />;
  else if (view.enabled) body = <Enabled left={view.recovery_codes_left} reply={reply} />;
  else if (view.enrolment) body = <Enrolment enrolment={view.enrolment} reply={reply} />;
  else
    body = (
      <StepForm step="start" className="mt-4 space-y-4">
        <p className="text-sm text-stone-700" data-testid="tweestaps-staat">
          {L.off}
        </p>
        <FormError message={reply?.step === 'start' ? reply.formError : undefined} />
        <SubmitButton pending={pending} pendingLabel={LABELS.saving}>
          {L.start}
        </SubmitButton>
      </StepForm>
    );
  return (
    <section id="tweestapsverificatie" aria-labelledby="tweestaps-titel" className="mt-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="tweestaps-titel" className={heading ? 'text-lg font-semibold text-stone-900' : 'sr-only'}>
        {L.title}
      </h2>
      {view.available && !view.enabled && !codes ? <p className="mt-2 text-sm text-stone-600">{L.intro}</p> : null}
      {body}
    </section>
  );
}
