import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { CONFIRM_LABELS } from '@datahub/domain';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError } from '~/components/core/form-controls';
import { Spinner } from '~/components/core/spinner';

// With JavaScript an AlertDialog, without it a GET form to a `ConfirmPage`; both post the same fields, so the server has one path.

export type ConfirmTone = 'danger' | 'neutral';

/** A field the user must fill in with `expected` before the action runs (checked by the server too). */
export interface TypeToConfirm {
  name: string;
  label: string;
  expected: string;
}

export interface ConfirmFormProps {
  description: ReactNode;
  confirmLabel: string;
  /** The current route when left out. */
  action?: string;
  fields: Record<string, string>;
  tone?: ConfirmTone;
  typeToConfirm?: TypeToConfirm;
  /** When the action answers with the same page (a row disappears in place). */
  preventScrollReset?: boolean;
}

export interface ConfirmActionProps extends ConfirmFormProps {
  label: string;
  /** When the visible text alone is ambiguous (e.g. one per row). */
  accessibleName?: string;
  title: string;
  confirmHref: string;
  icon?: ReactNode;
  className?: string;
}

const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium shadow-sm transition focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

export const confirmTriggerClass: Record<ConfirmTone, string> = {
  danger: `${buttonBase} border border-red-300 bg-white text-red-700 hover:bg-red-50 focus-visible:ring-red-500`,
  neutral: `${buttonBase} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50 focus-visible:ring-brand-500`,
};

const confirmButtonClass: Record<ConfirmTone, string> = {
  danger: `${buttonBase} bg-red-700 text-white hover:bg-red-800 focus-visible:ring-red-500`,
  neutral: `${buttonBase} bg-brand-700 text-white hover:bg-brand-800 focus-visible:ring-brand-500`,
};

const cancelClass = `${buttonBase} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50 focus-visible:ring-brand-500`;

function hiddenInputs(fields: Record<string, string>) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

function sameText(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function ConfirmForm({
  confirmLabel,
  action,
  fields,
  tone = 'danger',
  typeToConfirm,
  preventScrollReset,
  cancel,
  onSubmitted,
  autoFocusInput,
}: Omit<ConfirmFormProps, 'description'> & {
  cancel: ReactNode;
  onSubmitted?: () => void;
  autoFocusInput?: boolean;
}) {
  const navigation = useNavigation();
  const [typed, setTyped] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const pending = submitted && navigation.state !== 'idle';
  // Only the running page can hold the button back; without JavaScript the server checks alone.
  const hydrated = useHydrated();
  const mismatch = hydrated && typeToConfirm ? !sameText(typed, typeToConfirm.expected) : false;
  const inputId = typeToConfirm ? `bevestig-${typeToConfirm.name}` : '';

  return (
    <Form
      method="post"
      action={action}
      preventScrollReset={preventScrollReset}
      noValidate
      onSubmit={(event) => {
        if (pending || mismatch) {
          event.preventDefault();
          return;
        }
        setSubmitted(true);
        onSubmitted?.();
      }}
    >
      {hiddenInputs(fields)}
      <CsrfInput />
      {typeToConfirm ? (
        <div className="mt-4">
          <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
            {typeToConfirm.label}
          </label>
          <p id={`${inputId}-expected`} className="mt-1 break-all text-sm text-stone-600">
            {typeToConfirm.expected}
          </p>
          <input
            id={inputId}
            name={typeToConfirm.name}
            type="text"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            // Only on the confirmation page/dialog the person just opened: the one thing to do there is type.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={autoFocusInput}
            aria-describedby={`${inputId}-expected`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-stone-900 shadow-sm outline-none focus:ring-2 focus:ring-brand-500"
          />
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {cancel}
        <button type="submit" aria-disabled={pending || mismatch || undefined} className={confirmButtonClass[tone]}>
          {pending ? <Spinner /> : null}
          {confirmLabel}
          {pending ? <span className="sr-only">{CONFIRM_LABELS.confirming}</span> : null}
        </button>
      </div>
    </Form>
  );
}

export function ConfirmAction({
  label,
  accessibleName,
  title,
  confirmHref,
  icon,
  className,
  tone = 'danger',
  description,
  ...form
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  const submitted = useRef(false);

  // Close once the submission has come back (a refusal shows on the page; a redirect moves on).
  useEffect(() => {
    if (navigation.state === 'idle' && submitted.current) {
      submitted.current = false;
      setOpen(false);
    }
  }, [navigation.state]);

  const url = new URL(confirmHref, 'http://portaal.invalid');

  return (
    <>
      <form method="get" action={url.pathname} noValidate className="contents">
        {hiddenInputs(Object.fromEntries(url.searchParams))}
        <button
          ref={trigger}
          type="submit"
          aria-label={accessibleName}
          aria-haspopup="dialog"
          className={className ?? confirmTriggerClass[tone]}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          {icon}
          {label}
        </button>
      </form>
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-stone-900/50" />
          <AlertDialog.Content
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              trigger.current?.focus();
            }}
            className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none"
          >
            <AlertDialog.Title className="break-words text-lg font-semibold text-stone-900">{title}</AlertDialog.Title>
            <AlertDialog.Description asChild>
              <div className="mt-3 text-stone-700">{description}</div>
            </AlertDialog.Description>
            <div className="mt-3">
              <ConfirmForm
                {...form}
                tone={tone}
                autoFocusInput
                onSubmitted={() => {
                  submitted.current = true;
                }}
                cancel={
                  <AlertDialog.Cancel type="button" className={cancelClass}>
                    {CONFIRM_LABELS.cancel}
                  </AlertDialog.Cancel>
                }
              />
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}

export function ConfirmPage({
  title,
  cancelHref,
  error,
  description,
  ...form
}: ConfirmFormProps & { title: string; cancelHref: string; error?: string }) {
  const descriptionId = useId();
  return (
    <section aria-labelledby="bevestigen-titel" aria-describedby={descriptionId} className="max-w-xl rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
      <h1 id="bevestigen-titel" className="break-words text-2xl font-semibold tracking-tight text-stone-900">
        {title}
      </h1>
      <div className="mt-4 empty:hidden">
        <FormError message={error} />
      </div>
      <div id={descriptionId} className="mt-3 text-stone-700">
        {description}
      </div>
      <div className="mt-3">
        <ConfirmForm
          {...form}
          autoFocusInput={false}
          cancel={
            <Link to={cancelHref} className={cancelClass}>
              {CONFIRM_LABELS.cancel}
            </Link>
          }
        />
      </div>
    </section>
  );
}
