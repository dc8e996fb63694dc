import { Form, Link } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { CsrfInput } from './csrf-input';

const dangerClass =
  'rounded-md border border-red-300 bg-red-50 px-4 py-2 font-medium text-red-800 shadow-sm hover:bg-red-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500';
const confirmClass =
  'rounded-md bg-red-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-red-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500';
const cancelClass =
  'rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-800 shadow-sm hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

interface ConfirmDeleteProps {
  /** The route whose action deletes; without JavaScript it is also the confirmation page. */
  confirmPath: string;
  label: string;
  title: string;
  explain: string;
  confirm: string;
  cancel: string;
}

/**
 * A destructive action that asks first: with JavaScript a dialog, without it a link to a
 * confirmation page (the same path, whose form posts the deletion).
 */
export function ConfirmDelete({ confirmPath, label, title, explain, confirm, cancel }: ConfirmDeleteProps) {
  const [hydrated, setHydrated] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => setHydrated(true), []);
  if (!hydrated)
    return (
      <Link to={confirmPath} className={`inline-block ${dangerClass}`}>
        {label}
      </Link>
    );
  return (
    <>
      <button type="button" className={dangerClass} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog ref={dialog} role="alertdialog" aria-labelledby={titleId} aria-describedby={`${titleId}-uitleg`} className="w-[min(28rem,calc(100vw-2rem))] rounded-lg bg-white p-6 shadow-xl backdrop:bg-stone-900/40">
        <h2 id={titleId} className="text-lg font-semibold text-stone-900">
          {title}
        </h2>
        <p id={`${titleId}-uitleg`} className="mt-2 text-stone-700">
          {explain}
        </p>
        <Form method="post" action={confirmPath} className="mt-6 flex flex-wrap justify-end gap-3">
          <CsrfInput />
          <button type="button" className={cancelClass} onClick={() => dialog.current?.close()}>
            {cancel}
          </button>
          <button type="submit" className={confirmClass}>
            {confirm}
          </button>
        </Form>
      </dialog>
    </>
  );
}

/** The confirmation page's body (no JavaScript). */
export function ConfirmDeletePage({ title, explain, confirm, cancel, cancelPath, error }: Omit<ConfirmDeleteProps, 'confirmPath' | 'label'> & { cancelPath: string; error?: string }) {
  return (
    <div className="max-w-xl rounded-lg border border-stone-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-semibold text-stone-900">{title}</h1>
      <p className="mt-3 text-stone-700">{explain}</p>
      {error ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <CsrfInput />
        <button type="submit" className={confirmClass}>
          {confirm}
        </button>
        <Link to={cancelPath} className={cancelClass}>
          {cancel}
        </Link>
      </Form>
    </div>
  );
}
