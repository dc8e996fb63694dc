import { useEffect, useState } from 'react';
import { ACCOUNT_LABELS, LIMITS, PASSWORD_STRENGTH_TEXTS, passwordStrength } from '@datahub/domain';
import { TextField } from '~/components/core/form-controls';

/** With JavaScript a strength line follows the typing (announced politely); the server checks either way. */
export function NewPasswordField({ name = 'password', label, hint = ACCOUNT_LABELS.passwordHint, error }: { name?: string; label: string; hint?: string; error?: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [value, setValue] = useState('');
  useEffect(() => setHydrated(true), []);
  return (
    <div>
      <TextField
        name={name}
        type="password"
        label={label}
        autoComplete="new-password"
        required
        minLength={LIMITS.passwordMin}
        maxLength={LIMITS.passwordMax}
        hint={hint}
        error={error}
        onChange={(event) => setValue(event.currentTarget.value)}
      />
      {hydrated ? (
        <p id={`${name}-strength`} aria-live="polite" data-testid="password-strength" className="mt-1 text-sm text-stone-600">
          {value ? PASSWORD_STRENGTH_TEXTS[passwordStrength(value)] : ''}
        </p>
      ) : null}
    </div>
  );
}
