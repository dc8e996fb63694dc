import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { DATASET_LABELS, datasetCatalogueHref } from '@datahub/domain';
import { breadcrumbHandle } from '~/components/core/breadcrumb';
import { DatasetCardList, DatasetOwnerLogo, DatasetStatus, sectionClass } from '~/components/datasets/dataset-cards';
import { DatasetSize } from '~/components/datasets/dataset-size';
import { QualityFindingsSection, QualityLine } from '~/components/datasets/dataset-quality';
import { ErrorPanel } from '~/components/core/error-page';
import { ApiUsageSection } from '~/components/datasets/api-usage';
import { SparqlSection, type SparqlAccess } from '~/components/datasets/sparql-section';
import { UseByOthersSection } from '~/components/datasets/use-by-others';
import { AccessRequestSection, OpenAccessRequestSection } from '~/components/authorisations/access-request-form';
import { sparqlAction, type SparqlReply } from '~/lib/datasets/dataset-data.server';
import { byName, isOnline } from '~/lib/datasets/datasets';
import { datasetPage, toCard } from '~/lib/datasets/datasets.server';
import { pageTitle } from '~/lib/core/meta';
import { skipAfterSparqlQuery } from '~/lib/datasets/sparql-revalidation';

const L = DATASET_LABELS.dataset;

export const meta: MetaFunction<typeof loader> = ({ data: page, params }) => [
  { title: pageTitle(page && 'dataset' in page && page.dataset ? page.dataset.name || DATASET_LABELS.datasets.unnamed : L.notFoundTitle) },
  // The dataset's open DCAT-AP-NL entry, for tools that follow alternates.
  ...(page && 'dataset' in page && page.dataset ? [{ tagName: 'link', rel: 'alternate', type: 'text/turtle', href: datasetCatalogueHref(params.slug ?? '') }] : []),
];

export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  const slug = params.slug ?? '';
  // One call to nest-api; after a form post without JavaScript the action has asked it already.
  const found = await datasetPage(args, slug);
  if (!found.ok) {
    if (found.status === 404 || found.status === 403)
      return data({ dataset: null, others: [], isAdmin: false, access: null, xmlFailed: false, downloadFailed: false, endpoint: '', summary: null, uses: null, openRequest: null, qualityFindings: null }, { status: 404 });
    throw new Response(null, { status: found.status });
  }
  const { user, dataset, owner_datasets: siblings, access: granted, summary, use_by_others: useByOthers, open_access_request: open, quality_findings: qualityFindings } = found.data;
  const others = (siblings ?? []).filter((other) => other.dataset_id !== dataset.dataset_id && isOnline(other)).sort(byName).map(toCard);
  const { file_format, ...shown } = dataset;
  const isAdmin = user.organization_admin === true;
  const access: SparqlAccess = {
    ttl: file_format === '.ttl',
    online: isOnline(dataset),
    isAdmin,
    owner: granted?.owner === true,
    scopes: granted?.scopes ?? [],
    ownerName: dataset.owner_organization_name,
  };
  const url = new URL(request.url);
  const xmlFailed = url.searchParams.get('xml') === 'fout';
  const downloadFailed = url.searchParams.get('download') === 'fout';
  // The portal serves /api itself (its proxy): the endpoint lives on the address the visitor uses.
  const endpoint = `${url.origin}/api/datasets/${dataset.dataset_id}/sparql`;
  const uses = access.owner ? useByOthers : null;
  const openRequest = open ? { created_at: open.created_at, byYou: open.requested_by_email === user.email, authorisations: open.authorisations, status: open.status, listed: user.permissions.includes('AuthorisationAssignment.Read') } : null;
  return { dataset: { ...shown, file_format: isAdmin ? file_format : null }, others, isAdmin, access, xmlFailed, downloadFailed, endpoint, summary, uses, openRequest, qualityFindings };
}

export function action(args: ActionFunctionArgs) {
  return sparqlAction(args);
}

export const shouldRevalidate = skipAfterSparqlQuery;

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

export const handle = {
  ...breadcrumbHandle<Page>((page) =>
    page.dataset
      ? [{ label: DATASET_LABELS.datasets.title, to: '/datasets' }, { label: page.dataset.name || DATASET_LABELS.datasets.unnamed }]
      : null,
  ),
};

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="mt-1 whitespace-pre-line text-stone-900">{value || '–'}</dd>
    </div>
  );
}

export default function DatasetPage() {
  const { dataset, others, isAdmin, access, xmlFailed, downloadFailed, endpoint, summary, uses, openRequest, qualityFindings } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as SparqlReply | undefined;
  if (!dataset) {
    return (
      <div className="rounded-lg border border-stone-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold text-stone-900">{L.notFoundTitle}</h1>
        <p className="mt-3 text-stone-700">{L.notFound}</p>
        <p className="mt-6">
          <Link to="/datasets" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {L.backToList}
          </Link>
        </p>
      </div>
    );
  }
  const name = dataset.name || DATASET_LABELS.datasets.unnamed;
  return (
    <div>
      <div className="flex items-center gap-4">
        <DatasetOwnerLogo name={dataset.owner_organization_name} logoUrl={dataset.owner_organization_logo_url} colourKey={dataset.owner_organization_slug} />
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{name}</h1>
          <p className="mt-1 flex items-center gap-2 text-stone-600">
            <span className="sr-only">{L.status}: </span>
            <DatasetStatus status={dataset.status} />
            <QualityLine quality={dataset.quality} />
          </p>
        </div>
      </div>

      <section aria-labelledby="over-dataset" className={sectionClass}>
        <h2 id="over-dataset" className="text-xl font-semibold text-stone-900">
          {L.about}
        </h2>
        <p className="mt-2 whitespace-pre-line text-stone-800">{dataset.about || '–'}</p>
        <dl className="mt-6 grid gap-6 sm:grid-cols-2">
          <Field label={L.owner} value={dataset.owner_organization_name} />
          <Field label={L.contact} value={dataset.contact} />
          <Field label={L.additionalInfo} value={dataset.additional_info} />
          <DatasetSize triples={dataset.triples} />
          {isAdmin && dataset.file_format !== null ? <Field label={L.fileFormat} value={dataset.file_format} /> : null}
        </dl>
      </section>

      {qualityFindings ? <QualityFindingsSection report={qualityFindings} /> : null}
      {access ? <SparqlSection slug={dataset.slug} datasetId={dataset.dataset_id} access={access} reply={reply} xmlFailed={xmlFailed} downloadFailed={downloadFailed} summary={summary} /> : null}
      {uses ? <UseByOthersSection uses={uses} /> : null}
      {access && access.online && !access.owner && !access.scopes.includes('Dataset.ReadAll') && openRequest ? (
        <OpenAccessRequestSection request={openRequest} />
      ) : access && access.online && !access.owner && !access.scopes.includes('Dataset.ReadAll') ? (
        <AccessRequestSection dataset={{ id: dataset.dataset_id, slug: dataset.slug, ownerName: dataset.owner_organization_name }} />
      ) : null}

      {others.length > 0 ? (
        <section aria-labelledby="andere-datasets" className="mt-8">
          <h2 id="andere-datasets" className="text-xl font-semibold text-stone-900">
            {L.others(dataset.owner_organization_name)}
          </h2>
          <DatasetCardList datasets={others} empty="" label={L.others(dataset.owner_organization_name)} />
        </section>
      ) : null}
      {/* What only developers need comes last, folded. */}
      {access ? <ApiUsageSection endpoint={endpoint} /> : null}
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
