import { Link } from '@remix-run/react';
import { DATASET_LABELS, DATASOURCE_DETAIL_LABELS, DATASOURCE_STATUS_LABELS, formatDateTimeLong, isOnline } from '@datahub/domain';
import type { DatasourceDetailView as Detail, DatasourceView } from '@datahub/api-client';
import { DatasetStatus, sectionClass } from '~/components/datasets/dataset-cards';
import { RowTable, fullOnNarrow, rowCellClass, rowClass } from '~/components/core/row-table';

const D = DATASOURCE_DETAIL_LABELS;

const STATUS_CLASS: Record<Detail['status'], string> = {
  online: 'bg-green-100 text-green-800',
  offline: 'bg-red-100 text-red-800',
  pending: 'bg-amber-100 text-amber-900',
};

export function DatasourceStatusBadge({ status }: { status: DatasourceView['status'] }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}>{DATASOURCE_STATUS_LABELS[status]}</span>;
}

const BACK_NOTICE_MS = 7 * 24 * 3600 * 1000;

/** The owner's notice that the data source is offline, or came back in the past week. */
export function DatasourceStateNotice({ datasource, now }: { datasource: Detail; now: number }) {
  // Never reached at all is no outage: the installation steps show instead.
  if (datasource.status === 'offline' && datasource.last_contact_at)
    return (
      <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="datasource-notice">
        {D.offlineNotice(formatDateTimeLong(datasource.last_contact_at))}
      </p>
    );
  const since = datasource.status_changed_at;
  if (datasource.status === 'online' && since && now - Date.parse(since) < BACK_NOTICE_MS)
    return (
      <p role="status" className="mt-4 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900" data-testid="datasource-notice">
        {D.backOnlineNotice(formatDateTimeLong(since))}
      </p>
    );
  return null;
}

export function DatasourceStateRows({ datasource }: { datasource: Detail }) {
  return (
    <>
      <dt className="font-medium text-stone-700">{D.status}</dt>
      <dd data-testid="datasource-status">
        <DatasourceStatusBadge status={datasource.status} />
        <span className="mt-1 block text-stone-600">{D.statusHint[datasource.status]}</span>
      </dd>
      <dt className="font-medium text-stone-700">{D.lastContact}</dt>
      <dd className="text-stone-900" data-testid="datasource-last-contact">
        {datasource.last_contact_at ? formatDateTimeLong(datasource.last_contact_at) : D.noContact}
      </dd>
    </>
  );
}

export function DatasourceDatasets({ datasource, own }: { datasource: Detail; own: boolean }) {
  return (
    <section aria-labelledby="databron-datasets" className={sectionClass}>
      <h2 id="databron-datasets" className="text-xl font-semibold text-stone-900">
        {D.datasetsTitle}
      </h2>
      {datasource.datasets.length === 0 ? (
        <p className="mt-2 text-stone-600">{D.datasetsEmpty}</p>
      ) : (
        <RowTable label={D.datasetsTitle} columns={[{ label: D.datasetName }, { label: D.datasetStatus }, { label: D.datasetChecked }]}>
          {datasource.datasets.map((dataset) => {
            const name = dataset.name || DATASET_LABELS.datasets.unnamed;
            return (
              <tr key={dataset.dataset_id} className={rowClass} data-testid="datasource-dataset">
                <td className={`${rowCellClass} ${fullOnNarrow} font-medium text-stone-900`}>
                  {own || isOnline(dataset) ? (
                    <Link to={`/dataset/${dataset.slug}`} className="text-brand-700 underline-offset-2 hover:underline">
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </td>
                <td className={rowCellClass}>
                  <DatasetStatus status={dataset.status} />
                </td>
                <td className={`${rowCellClass} text-stone-600`}>{dataset.checked_at ? formatDateTimeLong(dataset.checked_at) : D.neverChecked}</td>
              </tr>
            );
          })}
        </RowTable>
      )}
    </section>
  );
}
