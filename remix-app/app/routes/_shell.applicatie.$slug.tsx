import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { APPLICATION_LABELS, formatPricePerYear } from '@datahub/domain';
import { ApplicationCardList, LogoOrInitials } from '~/components/applications/application-cards';
import { breadcrumbHandle } from '~/components/core/breadcrumb';
import { ErrorPanel } from '~/components/core/error-page';
import { pageRequest } from '~/lib/core/page-read.server';
import { toApplicationCard } from '~/lib/applications/applications';
import { applicationCards } from '~/lib/applications/applications.server';
import { byName } from '~/lib/datasets/datasets';
import { pageTitle } from '~/lib/core/meta';
import { primaryButton } from '~/components/core/button';

const L = APPLICATION_LABELS.detail;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: pageTitle(page && 'application' in page && page.application ? page.application.name : L.notFoundTitle) },
];

export async function loader(args: LoaderFunctionArgs) {
  const { params } = args;
  const found = await pageRequest(args, '/api/pages/application/{slug}', { params: { path: { slug: params.slug ?? '' } } }, { refusals: 'return' });
  if (!found.ok) {
    if (found.status === 404) return data({ application: null, others: [] }, { status: 404 });
    throw new Response(null, { status: found.status });
  }
  const { application, owner_applications: siblings } = found.data;
  const others = applicationCards(siblings.sort(byName).filter((other) => other.application_id !== application.application_id));
  const { url_licence_server: _licenceServer, datasource_id: _datasource, ...shown } = application;
  return { application: { ...shown, card: toApplicationCard(application) }, others };
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

export const handle = {
  ...breadcrumbHandle<Page>((page) =>
    page.application ? [{ label: APPLICATION_LABELS.catalogue.title, to: '/applicaties' }, { label: page.application.name }] : null,
  ),
};

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

export default function ApplicationPage() {
  const { application, others } = useLoaderData<typeof loader>();
  if (!application) {
    return (
      <div className="rounded-lg border border-stone-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold text-stone-900">{L.notFoundTitle}</h1>
        <p className="mt-3 text-stone-700">{L.notFound}</p>
        <p className="mt-6">
          <Link to="/applicaties" className={linkClass}>
            {L.backToList}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div>
      <div className="flex items-center gap-4">
        <LogoOrInitials name={application.name} logoUrl={application.logo_url} size="lg" />
        <h1 className="min-w-0 break-words text-3xl font-semibold tracking-tight text-stone-900">{application.name}</h1>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <section aria-labelledby="over-applicatie" className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="over-applicatie" className="text-xl font-semibold text-stone-900">
              {L.about}
            </h2>
            <p className="mt-2 whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{application.about || '–'}</p>
            <h2 id="wat-doet" className="mt-8 text-xl font-semibold text-stone-900">
              {L.usage}
            </h2>
            <p className="mt-2 whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{application.usage || '–'}</p>
          </section>
        </div>
        <aside aria-label={application.name} className="h-fit min-w-0 break-words rounded-lg border border-stone-200 bg-white p-6 shadow-sm" data-testid="application-side-card">
          <dl className="space-y-4">
            <div>
              <dt className="text-sm font-medium text-stone-600">{L.price}</dt>
              <dd className="mt-1 text-lg font-semibold text-stone-900" data-testid="application-price">
                {formatPricePerYear(application.price_per_year)}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-stone-600">{L.category}</dt>
              <dd className="mt-1 text-stone-900">{application.category ?? L.noCategory}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-stone-600">{L.supplier}</dt>
              <dd className="mt-1 text-stone-900">{application.owner_organization_name}</dd>
            </div>
          </dl>
          {application.url_terms_of_delivery || application.url_privacy_statement ? (
            <ul className="mt-4 space-y-1 text-sm">
              {application.url_terms_of_delivery ? (
                <li>
                  <a href={application.url_terms_of_delivery} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    {L.termsOfDelivery}
                  </a>
                </li>
              ) : null}
              {application.url_privacy_statement ? (
                <li>
                  <a href={application.url_privacy_statement} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    {L.privacyStatement}
                  </a>
                </li>
              ) : null}
            </ul>
          ) : null}
          <a
            href={application.url}
            target="_blank"
            rel="noopener noreferrer"
            className={primaryButton('mt-6 inline-flex w-full items-center justify-center')}
          >
            {L.open}
          </a>
        </aside>
      </div>

      {others.length > 0 ? (
        <section aria-labelledby="andere-applicaties" className="mt-10">
          <h2 id="andere-applicaties" className="text-xl font-semibold text-stone-900">
            {L.others(application.owner_organization_name)}
          </h2>
          <ApplicationCardList applications={others} empty="" label={L.others(application.owner_organization_name)} />
        </section>
      ) : null}
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
