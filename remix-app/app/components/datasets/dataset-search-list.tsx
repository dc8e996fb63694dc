import { Link, useSearchParams } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { DATASET_LABELS } from '@datahub/domain';
import { matchesDataset } from '~/lib/datasets/datasets';
import { DatasetRows, DatasetSearch, type DatasetCardData } from '~/components/datasets/dataset-cards';

const SEARCH_DELAY_MS = 300;

/** The server filters on `?q=` without JavaScript, the browser on each keystroke; with `serverSearch` a partial list asks the server too. */
export function DatasetSearchList({
  datasets,
  initialQuery,
  empty,
  label,
  showStatus = false,
  moreHref = null,
  serverSearch = false,
  catalogueEmpty,
}: {
  datasets: DatasetCardData[];
  initialQuery: string;
  empty: string;
  label: string;
  showStatus?: boolean;
  moreHref?: string | null;
  serverSearch?: boolean;
  /** Nothing at all, not just no match. */
  catalogueEmpty?: boolean;
}) {
  const [query, setQuery] = useState(initialQuery);
  useEffect(() => setQuery(initialQuery), [initialQuery]);
  const [searchParams, setSearchParams] = useSearchParams();
  // The quality filter stays when searching, with or without JavaScript.
  const quality = searchParams.get('kwaliteit');
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  function onQuery(next: string) {
    setQuery(next);
    clearTimeout(timer.current);
    const narrower = next.trim().toLocaleLowerCase('nl').includes(initialQuery.trim().toLocaleLowerCase('nl'));
    // A narrower query over everything the server has is answered here; otherwise the server searches.
    if (!serverSearch || (moreHref === null && narrower)) return;
    timer.current = setTimeout(
      // The quality filter stays; a new search starts at the first page.
      () => setSearchParams((previous) => ({ ...(next ? { q: next } : {}), ...(previous.get('kwaliteit') ? { kwaliteit: previous.get('kwaliteit')! } : {}) }), { replace: true, preventScrollReset: true }),
      SEARCH_DELAY_MS,
    );
  }

  const shown = datasets.filter((dataset) => matchesDataset(dataset, query));
  const nothingAtAll = catalogueEmpty ?? datasets.length === 0;
  return (
    <>
      <DatasetSearch query={query} onQuery={onQuery} keep={quality ? { kwaliteit: quality } : {}} />
      <DatasetRows
        datasets={shown}
        empty={nothingAtAll ? empty : DATASET_LABELS.datasets.noMatches}
        label={label}
        showStatus={showStatus}
      />
      {moreHref && shown.length === datasets.length ? (
        <p className="mt-6 text-center">
          <Link
            to={moreHref}
            preventScrollReset
            className="inline-block rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-700 shadow-sm hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {DATASET_LABELS.datasets.loadMore}
          </Link>
        </p>
      ) : null}
    </>
  );
}
