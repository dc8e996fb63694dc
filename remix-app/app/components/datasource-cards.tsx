import { Form, Link } from '@remix-run/react';
import { DATASET_LABELS } from '@datahub/domain';
import type { DatasourceView } from '@datahub/api-client';
import { CsrfInput } from './csrf-input';
import { DatasetOwnerLogo, cardGridClass } from './dataset-cards';

const L = DATASET_LABELS;

/** What the user may do with the data sources on the page. */
export interface DatasourceManage {
  canUpdate: boolean;
  canDelete: boolean;
}

const actionButtonClass =
  'mt-2 rounded-md border px-3 py-1.5 text-sm font-medium shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/** New key and removal, behind a disclosure that works without JavaScript (a second click confirms). */
function DatasourceActions({ datasource, manage }: { datasource: DatasourceView; manage: DatasourceManage }) {
  const L = DATASET_LABELS.datasources;
  const hidden = (
    <>
      <input type="hidden" name="datasource_id" value={datasource.datasource_id} />
      <input type="hidden" name="datasource_name" value={datasource.name} />
      <CsrfInput />
    </>
  );
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700" aria-label={L.manageLabel(datasource.name)}>
        {L.manage}
      </summary>
      {manage.canUpdate ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="nieuwe-sleutel" />
          {hidden}
          <p className="text-stone-600">{L.newKeyExplain}</p>
          <button type="submit" className={`${actionButtonClass} border-stone-300 bg-white text-stone-900 hover:bg-stone-50`}>
            {L.newKey}
          </button>
        </Form>
      ) : null}
      {manage.canDelete ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="verwijderen" />
          {hidden}
          <p className="text-stone-600">{L.deleteExplain}</p>
          <button type="submit" className={`${actionButtonClass} border-red-300 bg-red-50 text-red-800 hover:bg-red-100`}>
            {L.delete}
          </button>
        </Form>
      ) : null}
    </details>
  );
}

export function DatasourceCard({ datasource, manage }: { datasource: DatasourceView; manage?: DatasourceManage }) {
  return (
    <li className="flex items-start gap-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm" data-testid="datasource-card">
      <DatasetOwnerLogo name={datasource.owner_organization_name} logoUrl={datasource.owner_organization_logo_url} />
      <div className="min-w-0">
        <h3 className="truncate font-medium text-stone-900">{datasource.name}</h3>
        {datasource.hostname ? (
          <a
            href={datasource.dashboard_url ?? `https://${datasource.hostname}/`}
            target="_blank"
            rel="noopener noreferrer"
            className="block truncate text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {datasource.hostname}
          </a>
        ) : (
          <p className="text-sm italic text-stone-500">{L.datasources.noHostname}</p>
        )}
        <p className="truncate text-sm text-stone-600">{datasource.owner_organization_name}</p>
        {manage && (manage.canUpdate || manage.canDelete) ? <DatasourceActions datasource={datasource} manage={manage} /> : null}
      </div>
    </li>
  );
}

export function DatasourceCardList({ datasources, label, manage }: { datasources: DatasourceView[]; label: string; manage?: DatasourceManage }) {
  if (datasources.length === 0) return <p className="mt-6 text-stone-600">{L.datasources.empty}</p>;
  return (
    <ul aria-label={label} className={cardGridClass}>
      {datasources.map((datasource) => (
        <DatasourceCard key={datasource.datasource_id} datasource={datasource} manage={manage} />
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
