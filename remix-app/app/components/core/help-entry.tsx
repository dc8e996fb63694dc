import * as Dialog from '@radix-ui/react-dialog';
import { Form, Link, useFetcher, useLocation } from '@remix-run/react';
import { LifeBuoy, X } from 'lucide-react';
import { useState } from 'react';
import { SUPPORT_KINDS, SUPPORT_LABELS as L } from '@datahub/domain';
import type { SupportReply } from '~/lib/insight/support.server';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, TextField } from '~/components/core/form-controls';
import { useWithKept } from '~/components/core/kept-form';

interface SupportFormProps {
  email: string;
  organization: string;
  reply?: SupportReply;
  pending: boolean;
  /** Inside the drawer the action answers with data instead of redirecting. */
  inDrawer?: boolean;
}

function SupportFields({ email, organization, reply, pending, inDrawer }: SupportFormProps) {
  const values = useWithKept<Record<string, string>>({ kind: 'vraag', email, ...reply?.values });
  const errors = reply?.fieldErrors ?? {};
  return (
    <>
      <FormError message={reply?.formError} />
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">{L.kind}</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {Object.entries(SUPPORT_KINDS).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-stone-800">
              <input type="radio" name="kind" value={value} defaultChecked={values.kind === value} />
              {label}
            </label>
          ))}
        </div>
        {errors.kind ? <p className="mt-1 text-sm font-medium text-red-700">{errors.kind}</p> : null}
      </fieldset>
      <TextField name="summary" label={L.summary} required maxLength={200} defaultValue={values.summary} error={errors.summary} />
      <div>
        <label htmlFor="description" className="block text-sm font-medium text-stone-800">
          {L.description}
        </label>
        <textarea
          id="description"
          name="description"
          rows={5}
          required
          maxLength={5000}
          defaultValue={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? 'description-error' : undefined}
          className={`mt-1 block w-full rounded-md border px-3 py-2 text-stone-900 shadow-sm outline-none focus:ring-2 focus:ring-brand-500 ${errors.description ? 'border-red-600' : 'border-stone-300'}`}
        />
        {errors.description ? (
          <p id="description-error" className="mt-1 text-sm font-medium text-red-700">
            {errors.description}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="attachments" className="block text-sm font-medium text-stone-800">
          {L.attachments}
        </label>
        <input
          id="attachments"
          name="attachments"
          type="file"
          multiple
          accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
          aria-invalid={errors.attachments ? true : undefined}
          aria-describedby={errors.attachments ? 'attachments-error' : undefined}
          className="mt-1 block w-full min-w-0 text-sm text-stone-700"
        />
        {errors.attachments ? (
          <p id="attachments-error" className="mt-1 text-sm font-medium text-red-700">
            {errors.attachments}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="email" type="email" label={L.email} required defaultValue={values.email} error={errors.email} />
        <TextField name="organization" label={L.organization} readOnly value={organization} />
      </div>
      {inDrawer ? <input type="hidden" name="weergave" value="lade" /> : null}
      <CsrfInput />
      <SubmitButton pending={pending} pendingLabel={L.submit}>
        {L.submit}
      </SubmitButton>
    </>
  );
}

export function SupportForm(props: SupportFormProps) {
  return (
    <Form method="post" action="/hulp" encType="multipart/form-data" noValidate className="space-y-6">
      <SupportFields {...props} />
    </Form>
  );
}

export function SupportThanks({ onAgain }: { onAgain?: () => void }) {
  return (
    <div role="status" className="rounded-lg border border-brand-200 bg-brand-50 p-6">
      <h2 className="text-lg font-semibold text-stone-900">{L.thanksTitle}</h2>
      <p className="mt-2 text-stone-700">{L.thanksText}</p>
      {onAgain ? (
        <button type="button" onClick={onAgain} className="mt-4 text-sm font-medium text-brand-700 underline">
          {L.again}
        </button>
      ) : (
        <Link to="/hulp" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
          {L.again}
        </Link>
      )}
    </div>
  );
}

/** A link to /hulp; with JavaScript it opens the form in a drawer instead (closed → form → thank-you, spec §4). */
export function HelpEntry({ email, organization }: { email: string; organization: string }) {
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const fetcher = useFetcher<SupportReply>({ key: `hulp-${round}` });
  const location = useLocation();
  const sent = fetcher.data?.sent === true;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Link
        to="/hulp"
        onClick={(event) => {
          if (location.pathname === '/hulp') return;
          event.preventDefault();
          setOpen(true);
        }}
        className="inline-flex shrink-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <LifeBuoy aria-hidden="true" className="h-5 w-5" />
        <span className="hidden sm:inline">{L.entry}</span>
        <span className="sr-only sm:hidden">{L.entry}</span>
      </Link>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 w-full max-w-lg overflow-y-auto bg-white p-6 shadow-xl focus:outline-none" aria-describedby={undefined}>
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold text-stone-900">{L.title}</Dialog.Title>
            <Dialog.Close className="rounded-md p-1 text-stone-600 hover:bg-stone-100" aria-label={L.close}>
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <div className="mt-4">
            {sent ? (
              <SupportThanks onAgain={() => setRound((n) => n + 1)} />
            ) : (
              <fetcher.Form method="post" action="/hulp" encType="multipart/form-data" noValidate className="space-y-6">
                <p className="text-sm text-stone-600">{L.intro}</p>
                <SupportFields email={email} organization={organization} reply={fetcher.data} pending={fetcher.state !== 'idle'} inDrawer />
              </fetcher.Form>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
