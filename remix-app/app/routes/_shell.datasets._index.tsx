import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DATASET_LABELS, OPEN_STANDARDS_LABELS } from '@datahub/domain';
import { DatasetSearchList } from '~/components/datasets/dataset-search-list';
import { QualityFilter } from '~/components/datasets/dataset-quality';
import { qualityFilter } from '~/lib/datasets/quality';
import { ErrorPanel } from '~/components/core/error-page';
import { loadCataloguePage, searchQuery, toCard } from '~/lib/datasets/datasets.server';
import { pageTitle } from '~/lib/core/meta';
import { FEDERATION_LABELS } from '~/lib/sparql/federation-labels';

const L = DATASET_LABELS.datasets;

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

/** Online datasets, searched by name on the server (`?q=`), a page at a time ('Meer laden': `?aantal=`). */
export async function loader(args: LoaderFunctionArgs) {
  const { datasets, more, catalogueEmpty } = await loadCataloguePage(args);
  return { query: searchQuery(args.request), quality: qualityFilter(args.request), datasets: datasets.map(toCard), more, catalogueEmpty };
}

export default function DatasetsPage() {
  const { query, quality, datasets, more, catalogueEmpty } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.title}</h1>
      <p className="mt-2 text-sm text-stone-600">
        <a href={OPEN_STANDARDS_LABELS.openCatalogueHref} className="font-medium text-brand-700 underline underline-offset-2">
          {OPEN_STANDARDS_LABELS.openCatalogue}
        </a>
        : {OPEN_STANDARDS_LABELS.openCatalogueNote}
      </p>
      {/* One question over several of the datasets below. */}
      <p className="mt-1 text-sm text-stone-600">
        <a href="/sparql" className="font-medium text-brand-700 underline underline-offset-2">
          {FEDERATION_LABELS.link}
        </a>
        : {FEDERATION_LABELS.linkNote}
      </p>
      <QualityFilter current={quality} query={query} />
      <DatasetSearchList datasets={datasets} initialQuery={query} empty={L.empty} label={L.title} moreHref={more} serverSearch catalogueEmpty={catalogueEmpty} />
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
