import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { APPLICATION_LABELS, initials } from '@datahub/domain';
import type { ApplicationCardData } from '~/lib/applications/applications';
import { matchesName } from '~/lib/datasets/datasets';
import { cardGridClass } from '~/components/datasets/dataset-cards';
import { avatarStyle } from '~/lib/core/avatar-colour';
import { NoNameAvatar } from '~/components/core/no-name-avatar';
import { SearchForm } from '~/components/core/search-form';

const L = APPLICATION_LABELS.catalogue;

/** Spec §4; no name (a personal organisation): a neutral building. */
export function LogoOrInitials({ name, logoUrl, size = 'md', colourKey }: { name: string; logoUrl: string | null; size?: 'md' | 'lg'; colourKey?: string }) {
  const box = size === 'lg' ? 'h-16 w-16 text-xl' : 'h-12 w-12';
  if (logoUrl) return <img src={logoUrl} alt="" data-testid="logo-image" className={`${box} shrink-0 rounded-full bg-white object-contain`} />;
  if (!initials(name)) return <NoNameAvatar sizeClass={size === 'lg' ? 'h-16 w-16' : 'h-12 w-12'} />;
  return (
    <span
      aria-hidden="true"
      data-testid="logo-initials"
      // An organisation's logo block takes its avatar colour; an application keeps the brand's.
      style={colourKey ? avatarStyle(colourKey) : undefined}
      className={`${box} flex shrink-0 items-center justify-center rounded-full font-semibold ${colourKey ? '' : 'bg-brand-100 text-brand-800'}`}
    >
      {initials(name)}
    </span>
  );
}

function ApplicationCard({ application, to }: { application: ApplicationCardData; to: string }) {
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

/** The server filters on `?q=` (no JavaScript), the browser again on every keystroke. */
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
      <SearchForm query={query} onQuery={setQuery} label={L.searchLabel} placeholder={L.searchPlaceholder} submit={L.search} icon />
      <ApplicationCardList applications={shown} empty={applications.length === 0 ? empty : L.noMatches} label={label} linkTo={linkTo} />
    </>
  );
}
