import { Form, Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { APPLICATION_LABELS, initials } from '@datahub/domain';
import type { ApplicationCardData } from '~/lib/applications';
import { matchesName } from '~/lib/datasets';
import { cardGridClass } from './dataset-cards';

const L = APPLICATION_LABELS.catalogue;

/** A logo, or the first two letters of the name, uppercased (spec §4). */
export function LogoOrInitials({ name, logoUrl, size = 'md' }: { name: string; logoUrl: string | null; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-16 w-16 text-xl' : 'h-12 w-12';
  if (logoUrl) return <img src={logoUrl} alt="" data-testid="logo-image" className={`${box} shrink-0 rounded-full bg-white object-contain`} />;
  return (
    <span
      aria-hidden="true"
      data-testid="logo-initials"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800`}
    >
      {initials(name) || '··'}
    </span>
  );
}

export function ApplicationCard({ application, to }: { application: ApplicationCardData; to: string }) {
  return (
    <li className="min-w-0">
      <Link
        to={to}
        className="flex h-full items-center gap-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <LogoOrInitials name={application.name} logoUrl={application.logo_url} />
        <span className="min-w-0">
          <span className="line-clamp-2 font-medium text-stone-900 [overflow-wrap:anywhere]" title={application.name}>
            {application.name}
          </span>
          <span className="block truncate text-sm text-stone-600">{application.owner_organization_name}</span>
        </span>
      </Link>
    </li>
  );
}

export function ApplicationCardList({
  applications,
  empty,
  label,
  linkTo = (slug) => `/applicatie/${encodeURIComponent(slug)}`,
}: {
  applications: ApplicationCardData[];
  empty: React.ReactNode;
  label: string;
  linkTo?: (slug: string) => string;
}) {
  if (applications.length === 0) return <div className="mt-6 text-stone-600">{empty}</div>;
  return (
    <ul aria-label={label} className={cardGridClass}>
      {applications.map((application) => (
        <ApplicationCard key={application.slug} application={application} to={linkTo(application.slug)} />
      ))}
    </ul>
  );
}

/**
 * Cards with a search box: the server filters on `?q=` (no JavaScript), the browser filters
 * again on every keystroke. `empty` is shown when there are no applications at all.
 */
export function ApplicationSearchList({
  applications,
  initialQuery,
  empty,
  label,
  linkTo,
}: {
  applications: ApplicationCardData[];
  initialQuery: string;
  empty: React.ReactNode;
  label: string;
  linkTo?: (slug: string) => string;
}) {
  const [query, setQuery] = useState(initialQuery);
  useEffect(() => setQuery(initialQuery), [initialQuery]);
  const shown = applications.filter((application) => matchesName(application.name, query));
  return (
    <>
      <Form method="get" role="search" className="mt-6 flex gap-2">
        <label htmlFor="q" className="sr-only">
          {L.searchLabel}
        </label>
        <input
          id="q"
          name="q"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={L.searchPlaceholder}
          className="block w-full max-w-md rounded-md border border-stone-300 px-3 py-2 text-stone-900 shadow-sm outline-none focus:ring-2 focus:ring-brand-500"
        />
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4" aria-hidden="true">
            <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 3.4 9.8l3.6 3.6a1 1 0 0 0 1.4-1.4l-3.6-3.6A5.5 5.5 0 0 0 9 3.5ZM5.5 9a3.5 3.5 0 1 1 7 0 3.5 3.5 0 0 1-7 0Z" clipRule="evenodd" />
          </svg>
          {L.search}
        </button>
      </Form>
      <ApplicationCardList applications={shown} empty={applications.length === 0 ? empty : L.noMatches} label={label} linkTo={linkTo} />
    </>
  );
}
