import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppLoadContext } from '@remix-run/node';
import { ONLINE } from '@datahub/domain';
import { createCsrfToken, csrfBinding } from '@datahub/domain/server';
import { sparqlAction } from './dataset-data.server';
import { datasetPage } from './datasets.server';

const SECRET = 'unit-test-csrf-secret-0123456789abcdef';
const DATASET = {
  dataset_id: 'ds-1',
  slug: 'kas-klimaat',
  name: 'Kasklimaat',
  file_format: '.ttl',
  status: ONLINE,
  owner_organization_slug: 'kwekerij-delta',
  owner_organization_name: 'Kwekerij Delta',
};
const USER = { user_id: 'u-1', organization: 'org-1', organization_slug: 'kassenbouw-west', permissions: ['Dataset.Read', 'AuthorisationAssignment.Create'], two_factor_enrolment_required: false };
const QUERY_ANSWER = { head: { vars: ['s'] }, results: { bindings: [{ s: { type: 'uri', value: 'https://example.test/a' } }] } };

/** nest-api as the portal's fetch sees it: every path asked, in order; the query answers last. */
const asked: string[] = [];
let releaseQuery: () => void = () => undefined;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The bodies posted to the SPARQL endpoint. */
const posted: string[] = [];

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  asked.push(url.pathname);
  if (url.search.includes('sparql_query')) return json({ detail: 'query in de URL' }, 400);
  if (init?.method === 'POST') posted.push(String(init.body));
  if (url.pathname === '/api/current_user') return json(USER);
  if (url.pathname === `/api/datasets/${DATASET.slug}`) return json(DATASET);
  if (url.pathname === `/api/pages/dataset/${DATASET.slug}`) return json({ user: USER, dataset: DATASET, owner_datasets: [], access: { owner: false, scopes: [] }, summary: null, use_by_others: null, open_access_request: null });
  if (url.pathname.endsWith('/sparql')) {
    // The query takes its time: whatever the action asks meanwhile is asked beside it.
    await new Promise<void>((resolve) => {
      releaseQuery = resolve;
      setTimeout(resolve, 200);
    });
    asked.push('query answered');
    return new Response(JSON.stringify(QUERY_ANSWER), { headers: { 'Content-Type': 'application/sparql-results+json' } });
  }
  if (url.pathname.endsWith('/access')) return json({ owner: false, scopes: ['Dataset.ReadAll'] });
  if (url.pathname.endsWith('/summary')) return json({ classes: [], predicates: [], triples: 1 });
  if (url.pathname.endsWith('/open-count')) return json({ open: 2 });
  if (url.pathname.endsWith('/use-by-others')) return json([]);
  if (url.pathname.endsWith('/datasets')) return json([]);
  return json({ detail: 'onbekend' }, 404);
});

function formPost(): Request {
  const token = createCsrfToken(SECRET, csrfBinding('tok'));
  const body = new URLSearchParams({ csrf: token, sparql_query: 'SELECT ?s WHERE { ?s ?p ?o } LIMIT 1' });
  return new Request(`http://portal.test/dataset/${DATASET.slug}`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `access_token=tok; XSRF-TOKEN=${token}`, Origin: 'http://portal.test' },
  });
}

function context(documentRequest: boolean): AppLoadContext {
  return { cspNonce: '', setCspNonce: () => undefined, documentRequest };
}

beforeAll(() => {
  process.env.CSRF_SECRET = SECRET;
  process.env.API_URL = 'http://api.test:3001';
});

beforeEach(() => {
  asked.length = 0;
  posted.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  releaseQuery();
  vi.unstubAllGlobals();
});

describe('sparqlAction', () => {
  it('asks the whole page once when the page is rendered in the same answer (no JavaScript), and the loader reuses it', async () => {
    const shared = context(true);
    const reply = await sparqlAction({ request: formPost(), context: shared, params: { slug: DATASET.slug } });
    expect((reply as unknown as { data: { table?: unknown } }).data.table).toBeTruthy();
    expect(asked.filter((path) => path !== 'query answered').sort()).toEqual(['/api/current_user', `/api/datasets/${DATASET.dataset_id}/sparql`, `/api/pages/dataset/${DATASET.slug}`]);
    const before = asked.length;
    const page = await datasetPage({ request: formPost(), context: shared }, DATASET.slug);
    expect(page.ok && page.data.dataset.dataset_id).toBe(DATASET.dataset_id);
    expect(asked.length).toBe(before);
  });

  it('asks nothing for the page on a single-fetch action (JavaScript): its loaders run in a request of their own', async () => {
    await sparqlAction({ request: formPost(), context: context(false), params: { slug: DATASET.slug } });
    expect(asked.filter((path) => path !== 'query answered').sort()).toEqual(['/api/current_user', `/api/datasets/${DATASET.dataset_id}/sparql`, `/api/datasets/${DATASET.slug}`]);
    // The query travels in the protocol's POST form, not in a URL.
    expect(posted).toEqual([new URLSearchParams({ query: 'SELECT ?s WHERE { ?s ?p ?o } LIMIT 1' }).toString()]);
  });
});
