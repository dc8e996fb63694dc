import { INSIGHT_LABELS as L } from '@datahub/domain';

interface DatasetUse {
  dataset_id: string;
  name: string;
  queries: number;
  downloads: number;
}

/** Counted with consent only. */
export function DatasetUseCounts({ datasets }: { datasets: DatasetUse[] }) {
  return (
    <section aria-labelledby="datasetgebruik" className="mt-8 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6" data-testid="dataset-use">
      <h2 id="datasetgebruik" className="text-lg font-semibold text-stone-900">
        {L.ownCounts}
      </h2>
      {datasets.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{L.ownCountsEmpty}</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-200">
              <th scope="col" className="py-1 pr-3 font-medium text-stone-700">
                {L.dataset}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium text-stone-700">
                {L.queries}
              </th>
              <th scope="col" className="py-1 text-right font-medium text-stone-700">
                {L.downloads}
              </th>
            </tr>
          </thead>
          <tbody>
            {datasets.map((row) => (
              <tr key={row.dataset_id} className="border-b border-stone-100">
                <th scope="row" className="break-all py-1 pr-3 font-normal text-stone-800">
                  {row.name}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{row.queries}</td>
                <td className="py-1 text-right tabular-nums">{row.downloads}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
