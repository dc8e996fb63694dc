import { useFormAction, useNavigation } from '@remix-run/react';
import { createContext, useContext, useEffect, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy } from '~/lib/core/forms';
import { Spinner } from '~/components/core/spinner';
import { useKeptValue } from '~/components/core/kept-form';
import { primaryButton, secondaryButton } from '~/components/core/button';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

export function TextField({ name, label, error, hint, className, ...input }: TextFieldProps) {
  // After signing in again, what was typed before the session ended (never into a password or fixed field).
  const kept = useKeptValue(name);
  if (kept !== undefined && input.value === undefined && !input.readOnly && input.type !== 'password') input.defaultValue = kept;
  return (
    <div className={className}>
      <label htmlFor={name} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={name}
        name={name}
        {...describedBy(name, { error, hint })}
        {...input}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-stone-900 shadow-sm outline-none focus:ring-2 focus:ring-brand-500 read-only:bg-stone-100 read-only:text-stone-600 ${
          error ? 'border-red-600' : 'border-stone-300'
        }`}
      />
      {hint ? (
        <p id={`${name}-hint`} className="mt-1 text-sm text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
    </div>
  );
}

export function useIsPending(formAction?: string): boolean {
  const contextual = useFormAction();
  const navigation = useNavigation();
  return (
    navigation.state !== 'idle' &&
    navigation.formMethod !== undefined &&
    navigation.formMethod !== 'GET' &&
    navigation.formAction === (formAction ?? contextual)
  );
}

/** Submit buttons inside take the secondary look: a page with many sections keeps one primary action. */
const SecondaryContext = createContext(false);

export function SecondaryActions({ children }: { children: ReactNode }) {
  return <SecondaryContext.Provider value={true}>{children}</SecondaryContext.Provider>;
}

export function useSecondaryActions(): boolean {
  return useContext(SecondaryContext);
}

/** While pending the button keeps its colours (faded text failed WCAG contrast); the spinner and the wait cursor say it is busy. */
export function SubmitButton({ children, pending, pendingLabel }: { children: ReactNode; pending: boolean; pendingLabel: string }) {
  const look = useSecondaryActions() ? secondaryButton : primaryButton;
  return (
    <button
      type="submit"
      aria-disabled={pending || undefined}
      className={look('inline-flex items-center justify-center gap-2 transition focus-visible:ring-offset-2 aria-disabled:cursor-wait')}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      {pending ? <Spinner /> : null}
      {children}
      {pending ? <span className="sr-only">{pendingLabel}</span> : null}
    </button>
  );
}

/** Without JavaScript the server never sends a password back; with it, the input would otherwise keep it. */
export function useClearedAfterReply(reply: unknown, inputId: string) {
  useEffect(() => {
    if (!reply) return;
    const input = document.getElementById(inputId);
    if (input instanceof HTMLInputElement) input.value = '';
  }, [reply, inputId]);
}
