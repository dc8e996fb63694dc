import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppLoadContext } from '@remix-run/node';
import { ONLINE } from '@datahub/domain';
import { createCsrfToken, csrfBinding, SESSION_SEEN_COOKIE, sessionOwnerHint } from '@datahub/domain/server';
import { sparqlAction } from './dataset-data.server';
import { datasetPage } from './datasets.server';

const SECRET = 'unit-test-csrf-secret-0123456789abcdef';
const DATASET = {
  dataset_id: '0b7e8f3c-5a1d-4c2e-9f60-3d2a1b4c5e6f',
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
/** The session has ended: nest-api refuses every call with 401. */
let sessionEnded = false;

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  asked.push(url.pathname);
  if (sessionEnded) return json({ detail: 'niet ingelogd' }, 401);
  if (url.search.includes('sparql_query')) return json({ detail: 'query in de URL' }, 400);
  if (init?.method === 'POST') posted.push(String(init.body));
  if (url.pathname === '/api/current_user') return json(USER);
  if (url.pathname === `/api/datasets/${DATASET.slug}`) return json(DATASET);
  if (url.pathname === `/api/pages/dataset/${DATASET.slug}`) {
    // The page read takes a moment too: a query sent beside it is asked before it is answered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    asked.push('page answered');
  }
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

function formPost(fields: Record<string, string> = {}, cookies = ''): Request {
  const token = createCsrfToken(SECRET, csrfBinding('tok'));
  const body = new URLSearchParams({ csrf: token, sparql_query: 'SELECT ?s WHERE { ?s ?p ?o } LIMIT 1', ...fields });
  return new Request(`http://portal.test/dataset/${DATASET.slug}`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `access_token=tok; XSRF-TOKEN=${token}${cookies}`, Origin: 'http://portal.test' },
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
  sessionEnded = false;
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
    expect(asked.filter((path) => !path.endsWith(' answered')).sort()).toEqual(['/api/current_user', `/api/datasets/${DATASET.dataset_id}/sparql`, `/api/pages/dataset/${DATASET.slug}`]);
    const before = asked.length;
    const page = await datasetPage({ request: formPost(), context: shared }, DATASET.slug);
    expect(page.ok && page.data.dataset.dataset_id).toBe(DATASET.dataset_id);
    expect(asked.length).toBe(before);
  });

  it('asks nothing for the page on a single-fetch action (JavaScript): its loaders run in a request of their own', async () => {
    await sparqlAction({ request: formPost(), context: context(false), params: { slug: DATASET.slug } });
    expect(asked.filter((path) => !path.endsWith(' answered')).sort()).toEqual(['/api/current_user', `/api/datasets/${DATASET.dataset_id}/sparql`, `/api/datasets/${DATASET.slug}`]);
    // The query travels in the protocol's POST form, not in a URL.
    expect(posted).toEqual([new URLSearchParams({ query: 'SELECT ?s WHERE { ?s ?p ?o } LIMIT 1' }).toString()]);
  });

  it('sends the query of a form that names its dataset beside the page read, not after it', async () => {
    const reply = await sparqlAction({ request: formPost({ dataset_id: DATASET.dataset_id }), context: context(true), params: { slug: DATASET.slug } });
    expect((reply as unknown as { data: { table?: unknown } }).data.table).toBeTruthy();
    const query = `/api/datasets/${DATASET.dataset_id}/sparql`;
    expect(asked.filter((path) => path === query)).toHaveLength(1);
    expect(asked.indexOf(query)).toBeLessThan(asked.indexOf('page answered'));
  });

  it('asks again for the page’s own dataset when the form names another one', async () => {
    const other = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
    const reply = await sparqlAction({ request: formPost({ dataset_id: other }), context: context(true), params: { slug: DATASET.slug } });
    expect((reply as unknown as { data: { table?: unknown } }).data.table).toBeTruthy();
    const queries = asked.filter((path) => path.endsWith('/sparql'));
    expect(queries).toEqual([`/api/datasets/${other}/sparql`, `/api/datasets/${DATASET.dataset_id}/sparql`]);
  });

  it('keeps the form posted after the session ended, although the action had begun to read it', async () => {
    sessionEnded = true;
    const seen = `; ${SESSION_SEEN_COOKIE}=${sessionOwnerHint(SECRET, USER.user_id)}`;
    const thrown = await sparqlAction({ request: formPost({ dataset_id: DATASET.dataset_id }, seen), context: context(true), params: { slug: DATASET.slug } }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toMatch(/^\/inloggen/);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('formulier=') && !cookie.startsWith('formulier=;'))).toBe(true);
  });
});
