import { Link } from '@remix-run/react';
import { DATASET_LABELS, DATASOURCE_DETAIL_LABELS, DATASOURCE_PAGE_LABELS, LIST_COLUMN_LABELS, formatDateTimeLong } from '@datahub/domain';
import type { DatasourceView } from '@datahub/api-client';
import { DatasetOwnerLogo } from '~/components/datasets/dataset-cards';
import { RowTable, fullOnNarrow, rowCellClass, rowClass } from '~/components/core/row-table';
import { primaryButton } from '~/components/core/button';
import { DatasourceStatusBadge } from '~/components/datasources/datasource-state';

const L = DATASET_LABELS;
const COL = LIST_COLUMN_LABELS;

function DatasourceRow({ datasource }: { datasource: DatasourceView }) {
  return (
    <tr className={rowClass} data-testid="datasource-row">
      <td className={`${rowCellClass} ${fullOnNarrow} text-base font-medium`}>
        <Link
          to={`/databron/${datasource.datasource_id}`}
          aria-label={DATASOURCE_PAGE_LABELS.view(datasource.name)}
          className="text-brand-800 underline-offset-2 hover:underline"
        >
          {datasource.name}
        </Link>
      </td>
      <td className={`${rowCellClass} ${fullOnNarrow}`}>
        <DatasourceHost datasource={datasource} />
      </td>
      <td className={`${rowCellClass} ${fullOnNarrow}`} data-testid="datasource-row-status">
        <DatasourceStatusBadge status={datasource.status} />
        <span className="mt-1 block text-sm text-stone-600">
          {DATASOURCE_DETAIL_LABELS.lastContact}: {datasource.last_contact_at ? formatDateTimeLong(datasource.last_contact_at) : DATASOURCE_DETAIL_LABELS.noContact}
        </span>
      </td>
      <td className={`${rowCellClass} ${fullOnNarrow}`}>
        <span className="flex items-center gap-3">
          <DatasetOwnerLogo name={datasource.owner_organization_name} logoUrl={datasource.owner_organization_logo_url} />
          <span className="min-w-0 text-stone-600">{datasource.owner_organization_name}</span>
        </span>
      </td>
    </tr>
  );
}

/** Wrapped anywhere so a long name stays readable. */
export function DatasourceHost({ datasource }: { datasource: DatasourceView }) {
  if (!datasource.hostname)
    return <p className="text-sm italic text-stone-500">{datasource.connected_via_hub ? L.datasources.connectedViaHub : L.datasources.noHostname}</p>;
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

export function DatasourceTable({ datasources, label }: { datasources: DatasourceView[]; label: string }) {
  if (datasources.length === 0) return <p className="mt-6 text-stone-600">{L.datasources.empty}</p>;
  return (
    <div className="mt-6 rounded-lg border border-stone-200 bg-white px-4 shadow-sm sm:px-6">
      <RowTable label={label} columns={[{ label: COL.name }, { label: COL.hostname }, { label: COL.status }, { label: COL.owner }]}>
        {datasources.map((datasource) => (
          <DatasourceRow key={datasource.datasource_id} datasource={datasource} />
        ))}
      </RowTable>
    </div>
  );
}

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
        className={primaryButton()}
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
