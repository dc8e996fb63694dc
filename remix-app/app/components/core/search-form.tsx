import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { primaryButton } from '~/components/core/button';

/** Submitted without JavaScript; with it the page keeps `query` in state and filters on each keystroke. */
export function SearchForm({
  query,
  onQuery,
  label,
  placeholder,
  submit,
  icon = false,
  keep = {},
}: {
  query: string;
  onQuery: (query: string) => void;
  label: string;
  placeholder: string;
  submit: string;
  icon?: boolean;
  keep?: Record<string, string>;
}) {
  return (
    <Form method="get" role="search" noValidate className="mt-6 flex gap-2">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="q" className="sr-only">
        {label}
      </label>
      <input
        id="q"
        name="q"
        type="search"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        placeholder={placeholder}
        className="block w-full max-w-md rounded-md border border-stone-300 px-3 py-2 text-stone-900 shadow-sm outline-none focus:ring-2 focus:ring-brand-500"
      />
      <button type="submit" className={primaryButton(icon ? 'inline-flex items-center gap-2' : undefined)}>
        {icon ? <MagnifierIcon /> : null}
        {submit}
      </button>
    </Form>
  );
}

function MagnifierIcon(): ReactNode {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4" aria-hidden="true">
      <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 3.4 9.8l3.6 3.6a1 1 0 0 0 1.4-1.4l-3.6-3.6A5.5 5.5 0 0 0 9 3.5ZM5.5 9a3.5 3.5 0 1 1 7 0 3.5 3.5 0 0 1-7 0Z" clipRule="evenodd" />
    </svg>
  );
}
