import type { AppLoadContext } from '@remix-run/node';
import { apiRequest } from '../core/api.server';
import { pageGet, pageRequest, pageRequestWithShell, type LoaderArgs } from '../core/page-read.server';
import { oncePerRequest } from '../core/request-memo.server';
import type { DatasetView } from '@datahub/api-client';
import { isOnline } from './datasets';
import { MAX_SHOWN, moreHref, shownCount } from '../core/paging';
import { QUALITY_FILTERS, qualityFilter } from './quality';

/** One more than shown is asked, to know whether 'Meer laden' has anything to load. */
export async function loadCataloguePage(args: LoaderArgs): Promise<{ datasets: DatasetView[]; more: string | null; catalogueEmpty: boolean }> {
  const { request } = args;
  const shown = shownCount(request);
  const query = searchQuery(request).trim();
  // At the longest page there is no 'Meer laden' to decide, and nest-api's page limit is MAX_SHOWN.
  const limit = Math.min(shown + 1, MAX_SHOWN);
  // One call: nest-api also says whether anything is online at all (a search without a match is said differently).
  const quality = qualityFilter(request);
  const { datasets: page, catalogue_empty: catalogueEmpty } = await pageGet(args, '/api/pages/datasets', {
    params: { query: { ...(query ? { q: query } : {}), ...(quality ? { quality: QUALITY_FILTERS[quality] } : {}), limit, offset: 0 } },
  });
  const online = page.filter(isOnline);
  return {
    datasets: online.slice(0, shown),
    more: page.length > shown && shown < MAX_SHOWN ? `${moreHref(searchQuery(request), shown)}${quality ? `&kwaliteit=${quality}` : ''}` : null,
    catalogueEmpty,
  };
}

/** Asked once per request (the form post's action and the page's loader share it); refusals come back. */
export function datasetBySlug({ request, context }: { request: Request; context: AppLoadContext }, slug: string) {
  return oncePerRequest(context, `dataset:${slug}`, () => apiRequest(request, 'get', '/api/datasets/{slug}', { params: { path: { slug } } }, { refusals: 'return' }));
}

/** Asked once per request, so a form post without JavaScript (action, then loaders) shares it; refusals come back. */
export function datasetPage(args: LoaderArgs, slug: string) {
  return oncePerRequest(args.context, `dataset-page:${slug}`, () => pageRequest(args, '/api/pages/dataset/{slug}', { params: { path: { slug } } }, { refusals: 'return' }));
}

/** The form post's page read, asked by its action with the shell: the sign-in check and the loaders after it reuse both. */
export function datasetPageAhead(args: LoaderArgs, slug: string) {
  return oncePerRequest(args.context, `dataset-page:${slug}`, () => pageRequestWithShell(args, '/api/pages/dataset/{slug}', { params: { path: { slug } } }, { refusals: 'return' }));
}

export function searchQuery(request: Request): string {
  return new URL(request.url).searchParams.get('q') ?? '';
}

/** The search itself runs on all of it in nest-api. */
const ABOUT_SHOWN = 300;

export function toCard(dataset: DatasetView) {
  return {
    slug: dataset.slug,
    name: dataset.name,
    about: dataset.about.length > ABOUT_SHOWN ? `${dataset.about.slice(0, ABOUT_SHOWN)}…` : dataset.about,
    updated_at: dataset.updated_at,
    categories: dataset.categories,
    triples: dataset.triples,
    status: dataset.status,
    owner_organization_name: dataset.owner_organization_name,
    owner_organization_slug: dataset.owner_organization_slug,
    owner_organization_logo_url: dataset.owner_organization_logo_url,
  };
}
