import { AUTHORISATION_LABELS as L } from '@datahub/domain';
import { TextField } from './form-controls';

/** A machtiging's expiry date (optional: empty is indefinitely), no earlier than today in the date picker. */
export function ExpiryField({ today, value, error }: { today: string; value: string; error?: string }) {
  return <TextField name="expiration_date" type="date" label={L.create.expiration} hint={L.create.expirationHint} min={today} defaultValue={value} error={error} />;
}
