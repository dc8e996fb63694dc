import { useEffect, useState } from 'react';
import { DATASET_LABELS } from '@datahub/domain';
import { matchesName } from '~/lib/datasets';
import { DatasetCardList, DatasetSearch, type DatasetCardData } from './dataset-cards';

/**
 * Cards with a search box: the server filters on `?q=` (no JavaScript), the browser filters
 * again on each keystroke. `empty` is shown when there are no datasets at all.
 */
export function DatasetSearchList({
  datasets,
  initialQuery,
  empty,
  label,
  showStatus = false,
}: {
  datasets: DatasetCardData[];
  initialQuery: string;
  empty: string;
  label: string;
  showStatus?: boolean;
}) {
  const [query, setQuery] = useState(initialQuery);
  useEffect(() => setQuery(initialQuery), [initialQuery]);
  const shown = datasets.filter((dataset) => matchesName(dataset.name, query));
  return (
    <>
      <DatasetSearch query={query} onQuery={setQuery} />
      <DatasetCardList
        datasets={shown}
        empty={datasets.length === 0 ? empty : DATASET_LABELS.datasets.noMatches}
        label={label}
        showStatus={showStatus}
      />
    </>
  );
}
