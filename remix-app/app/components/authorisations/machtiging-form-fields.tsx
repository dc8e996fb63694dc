import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { AUTHORISATION_LABELS as L } from '@datahub/domain';
import { SubmitButton, TextField } from '~/components/core/form-controls';


/** Empty is indefinitely; no earlier than today in the date picker. */
export function ExpiryField({ today, value, error }: { today: string; value: string; error?: string }) {
  return <TextField name="expiration_date" type="date" label={L.create.expiration} hint={L.create.expirationHint} min={today} defaultValue={value} error={error} />;
}

export function MachtigingFormActions({ pending, pendingLabel, children }: { pending: boolean; pendingLabel: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <SubmitButton pending={pending} pendingLabel={pendingLabel}>
        {children}
      </SubmitButton>
      <Link to="/machtigingen" className="font-medium text-brand-700 underline-offset-2 hover:underline">
        {L.create.backToList}
      </Link>
    </div>
  );
}
