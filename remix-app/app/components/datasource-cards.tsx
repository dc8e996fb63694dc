import { Link } from '@remix-run/react';
import { DATASET_LABELS, DATASOURCE_PAGE_LABELS } from '@datahub/domain';
import type { DatasourceView } from '@datahub/api-client';
import { DatasetOwnerLogo } from './dataset-cards';

const L = DATASET_LABELS;

/** One row per data source: the whole name and host (wrapped, never cut off), linking to its page. */
export function DatasourceRow({ datasource }: { datasource: DatasourceView }) {
  return (
    <li className="flex items-start gap-4 py-4" data-testid="datasource-card">
      <DatasetOwnerLogo name={datasource.owner_organization_name} logoUrl={datasource.owner_organization_logo_url} />
      <div className="min-w-0 flex-1 sm:grid sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)] sm:gap-4">
        <h3 className="font-medium text-stone-900 [overflow-wrap:anywhere]">
          <Link
            to={`/databron/${datasource.datasource_id}`}
            aria-label={DATASOURCE_PAGE_LABELS.view(datasource.name)}
            className="text-brand-800 underline-offset-2 hover:underline"
          >
            {datasource.name}
          </Link>
        </h3>
        <DatasourceHost datasource={datasource} />
        <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{datasource.owner_organization_name}</p>
      </div>
    </li>
  );
}

/** The host as a link to where the hub calls it, wrapped anywhere so a long name stays readable. */
export function DatasourceHost({ datasource }: { datasource: DatasourceView }) {
  if (!datasource.hostname) return <p className="text-sm italic text-stone-500">{L.datasources.noHostname}</p>;
  return (
    <p className="text-sm [overflow-wrap:anywhere]">
      <a
        href={datasource.dashboard_url ?? `https://${datasource.hostname}/`}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {datasource.hostname}
      </a>
    </p>
  );
}

export function DatasourceCardList({ datasources, label }: { datasources: DatasourceView[]; label: string }) {
  if (datasources.length === 0) return <p className="mt-6 text-stone-600">{L.datasources.empty}</p>;
  return (
    <ul aria-label={label} className="mt-6 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white px-4 shadow-sm">
      {datasources.map((datasource) => (
        <DatasourceRow key={datasource.datasource_id} datasource={datasource} />
      ))}
    </ul>
  );
}

/** Shown instead of the data sources to users without Datasource.Read. */
export function DatasourceNoRights() {
  return (
    <p role="note" className="mt-6 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
      {L.noDatasourceRights}
    </p>
  );
}

export function DatasourceCreateLinks() {
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Link
        to="/databronnen/aanmaken"
        className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {L.datasources.create}
      </Link>
      <Link
        to="/databronnen/aanmaken-azure"
        className="rounded-md border border-stone-300 px-4 py-2 font-medium text-stone-700 hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {L.datasources.createAzure}
      </Link>
    </div>
  );
}
