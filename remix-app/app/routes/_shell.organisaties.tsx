import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { ORGANIZATION_LABELS, displayOrganizationName, isPersonalOrganizationName } from '@datahub/domain';
import { ErrorPanel } from '~/components/core/error-page';
import { OrganizationLogo, sectionClass } from '~/components/organizations/organization-page';
import { apiGet } from '~/lib/core/api.server';
import { searchQuery } from '~/lib/datasets/datasets.server';
import { moreHref, shownCount } from '~/lib/core/paging';
import { pageTitle } from '~/lib/core/meta';
import { SearchForm } from '~/components/core/search-form';

const L = ORGANIZATION_LABELS.organizations;

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

/** Admins get every organisation, others their own; filtered on `?q=` server-side, paged with 'Meer laden', filtered while typing with JavaScript. */
export async function loader(args: LoaderFunctionArgs) {
  const organizations = await apiGet(args.request, '/api/organizations');
  const query = searchQuery(args.request);
  return {
    query,
    shown: shownCount(args.request),
    organizations: organizations
      .map((organization) => ({
        slug: organization.slug,
        name: displayOrganizationName(organization.name),
        personal: isPersonalOrganizationName(organization.name),
        userCount: organization.user_count,
        logoUrl: organization.logo_url,
      }))
      .filter((row) => matches(row, query))
      .sort((a, b) => a.name.localeCompare(b.name, 'nl') || a.slug.localeCompare(b.slug)),
  };
}

interface Row {
  slug: string;
  name: string;
  personal: boolean;
  userCount: number;
  logoUrl: string | null;
}

function matches(row: Row, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('nl');
  if (!needle) return true;
  return (row.personal ? row.slug : row.name).toLocaleLowerCase('nl').includes(needle);
}

function OrganizationList({ rows, empty, labelledBy, shown, moreHref }: { rows: Row[]; empty: string; labelledBy: string; shown: number; moreHref: string }) {
  if (rows.length === 0) return <p className="mt-4 text-stone-600">{empty}</p>;
  return (
    <>
    <ul aria-labelledby={labelledBy} className="mt-4 divide-y divide-stone-200">
      {rows.slice(0, shown).map((row) => {
        const label = row.name || row.slug;
        return (
          <li key={row.slug} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="flex min-w-0 items-center gap-3">
              <OrganizationLogo name={row.name} logoUrl={row.logoUrl} colourKey={row.slug} />
              <span className="min-w-0">
                <span className="block font-medium text-stone-900">{row.name || L.unnamed}</span>
                {row.personal ? <span className="block text-sm text-stone-600">{row.slug}</span> : null}
                <span className="block text-sm text-stone-600">{L.userCount(row.userCount)}</span>
              </span>
            </span>
            <Link
              to={`/organisatie/${row.slug}`}
              aria-label={L.viewOrganization(label)}
              className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-100"
            >
              {L.view}
            </Link>
          </li>
        );
      })}
    </ul>
    {rows.length > shown ? (
      <p className="mt-4 text-center">
        <Link
          to={moreHref}
          preventScrollReset
          className="inline-block rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-700 shadow-sm hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {L.loadMore}
        </Link>
      </p>
    ) : null}
    </>
  );
}

export default function OrganizationsPage() {
  const { query: initialQuery, shown: count, organizations } = useLoaderData<typeof loader>();
  const [query, setQuery] = useState(initialQuery);
  useEffect(() => setQuery(initialQuery), [initialQuery]);
  const more = moreHref(query, count);

  const shown = organizations.filter((row) => matches(row, query));
  const named = shown.filter((row) => !row.personal);
  const personal = shown.filter((row) => row.personal);

  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.title}</h1>
      <SearchForm query={query} onQuery={setQuery} label={L.searchLabel} placeholder={L.searchPlaceholder} submit={L.search} />

      {/* Its heading is for screen readers only: no margin above the first row. */}
      <section aria-labelledby="organisaties-lijst" className={`${sectionClass} [&>p]:mt-0 [&>ul>li:first-child]:pt-0 [&>ul>li:last-child]:pb-0 [&>ul]:mt-0`}>
        <h2 id="organisaties-lijst" className="sr-only">
          {L.title}
        </h2>
        <OrganizationList rows={named} empty={L.empty} labelledBy="organisaties-lijst" shown={count} moreHref={more} />
      </section>

      <section aria-labelledby="persoonlijke-organisaties" className={sectionClass}>
        <h2 id="persoonlijke-organisaties" className="text-xl font-semibold text-stone-900">
          {L.personalTitle}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{L.personalIntro}</p>
        <OrganizationList rows={personal} empty={L.personalEmpty} labelledBy="persoonlijke-organisaties" shown={count} moreHref={more} />
      </section>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
