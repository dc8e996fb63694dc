import { Link } from '@remix-run/react';
import { categoryLabel, DATASET_LABELS, displayOrganizationName, formatDateLong, initials, KNOWN_CATEGORIES, titleCase } from '@datahub/domain';
import type { DatasetView } from '@datahub/api-client';
import { avatarStyle } from '~/lib/core/avatar-colour';
import { isOnline } from '~/lib/datasets/datasets';
import { NoNameAvatar } from '~/components/core/no-name-avatar';
import { SearchForm } from '~/components/core/search-form';

const L = DATASET_LABELS;

export const cardGridClass = 'mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3';
export const sectionClass = 'mt-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8';

/** A personal organisation's tmp_ name has no initials: a neutral building instead. `colourKey` is the slug, else the name. */
export function DatasetOwnerLogo({ name, logoUrl, colourKey }: { name: string; logoUrl: string | null; colourKey?: string }) {
  if (logoUrl) return <img src={logoUrl} alt="" className="h-12 w-12 shrink-0 rounded-full object-cover" />;
  const letters = initials(displayOrganizationName(name ?? ''));
  if (!letters) return <NoNameAvatar />;
  return (
    <span
      aria-hidden="true"
      data-testid="logo-initials"
      style={avatarStyle(colourKey || name)}
      className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full font-semibold"
    >
      {letters}
    </span>
  );
}

export function DatasetStatus({ status }: { status: string }) {
  const online = isOnline({ status });
  return (
    <span
      data-testid="dataset-status"
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${
        online ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'
      }`}
    >
      {online ? status : titleCase(status)}
    </span>
  );
}

export type DatasetCardData = Pick<
  DatasetView,
  'slug' | 'name' | 'status' | 'owner_organization_name' | 'owner_organization_logo_url'
> &
  Partial<Pick<DatasetView, 'about' | 'updated_at' | 'categories' | 'triples' | 'owner_organization_slug'>>;

/** Inside the row's link (whose name is its whole text) it reads as 'Categorieën: Water, Verwarming'. */
function DatasetCategories({ categories }: { categories: string[] | null | undefined }) {
  if (!categories?.length) return null;
  // Eight equal chips on every row tell the reader nothing: a dataset with them all says so once.
  if (categories.length === KNOWN_CATEGORIES.length) {
    return (
      <span className="mt-1 flex flex-wrap items-center gap-1" data-testid="dataset-categories">
        <span className="sr-only">{L.datasets.categories}: </span>
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-inset ring-brand-200">{L.datasets.allCategories}</span>
      </span>
    );
  }
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1" data-testid="dataset-categories">
      <span className="sr-only">{L.datasets.categories}: </span>
      {categories.map((category, index) => (
        <span key={category} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-inset ring-brand-200">
          {categoryLabel(category)}
          {index < categories.length - 1 ? <span className="sr-only">, </span> : null}
        </span>
      ))}
    </span>
  );
}

function DatasetCard({ dataset, showStatus = false }: { dataset: DatasetCardData; showStatus?: boolean }) {
  const name = dataset.name || L.datasets.unnamed;
  return (
    <li>
      <Link
        to={`/dataset/${encodeURIComponent(dataset.slug)}`}
        className="flex h-full items-center gap-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <DatasetOwnerLogo name={dataset.owner_organization_name} logoUrl={dataset.owner_organization_logo_url} colourKey={dataset.owner_organization_slug} />
        <span className="min-w-0">
          <span className="line-clamp-2 break-words font-medium text-stone-900" title={name}>
            {name}
          </span>
          <span className="block truncate text-sm text-stone-600" title={dataset.owner_organization_name}>
            {dataset.owner_organization_name}
          </span>
          {showStatus ? (
            <span className="mt-1 block">
              <span className="sr-only">{L.myDatasets.status}: </span>
              <DatasetStatus status={dataset.status} />
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

interface DatasetListProps {
  datasets: DatasetCardData[];
  empty: string;
  showStatus?: boolean;
  label: string;
}

export function DatasetCardList({ datasets, empty, showStatus = false, label }: DatasetListProps) {
  if (datasets.length === 0) return <p className="mt-6 text-stone-600">{empty}</p>;
  return (
    <ul aria-label={label} className={cardGridClass}>
      {datasets.map((dataset) => (
        <DatasetCard key={dataset.slug} dataset={dataset} showStatus={showStatus} />
      ))}
    </ul>
  );
}

export function DatasetRows({ datasets, empty, showStatus = false, label }: DatasetListProps) {
  if (datasets.length === 0) return <p className="mt-6 text-stone-600">{empty}</p>;
  return (
    <ul aria-label={label} className="mt-6 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white shadow-sm">
      {datasets.map((dataset) => {
        const name = dataset.name || L.datasets.unnamed;
        return (
          <li key={dataset.slug}>
            <Link
              to={`/dataset/${encodeURIComponent(dataset.slug)}`}
              className="flex flex-col gap-2 p-4 transition hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500 sm:flex-row sm:items-center sm:gap-4"
            >
              <span className="flex min-w-0 flex-1 items-center gap-3">
                <DatasetOwnerLogo name={dataset.owner_organization_name} logoUrl={dataset.owner_organization_logo_url} colourKey={dataset.owner_organization_slug} />
                <span className="min-w-0">
                  <span className="block break-words font-medium text-stone-900">{name}</span>
                  {dataset.about ? (
                    <span className="mt-0.5 line-clamp-1 break-words text-sm text-stone-600" data-testid="dataset-about">
                      {dataset.about}
                    </span>
                  ) : null}
                  <DatasetCategories categories={dataset.categories} />
                  {/* What differs between datasets: size and last update, on one line. */}
                  {dataset.updated_at || typeof dataset.triples === 'number' ? (
                    <span className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-stone-500">
                      {typeof dataset.triples === 'number' ? <span data-testid="dataset-triples">{L.dataset.triples(dataset.triples)}</span> : null}
                      {typeof dataset.triples === 'number' && dataset.updated_at ? <span aria-hidden="true">·</span> : null}
                      {dataset.updated_at ? <span data-testid="dataset-updated">{L.datasets.updated(formatDateLong(dataset.updated_at))}</span> : null}
                    </span>
                  ) : null}
                </span>
              </span>
              <span className="min-w-0 break-words text-sm text-stone-600 sm:w-56 sm:shrink-0">
                <span className="sr-only">{L.datasets.owner}: </span>
                {dataset.owner_organization_name}
              </span>
              {showStatus ? (
                <span className="sm:w-24 sm:shrink-0 sm:text-right">
                  <span className="sr-only">{L.myDatasets.status}: </span>
                  <DatasetStatus status={dataset.status} />
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function DatasetSearch({ query, onQuery, keep }: { query: string; onQuery: (query: string) => void; keep?: Record<string, string> }) {
  return (
    <SearchForm query={query} onQuery={onQuery} label={L.datasets.searchLabel} placeholder={L.datasets.searchPlaceholder} submit={L.datasets.search} keep={keep} />
  );
}
