import { redirect } from '@remix-run/node';
import { createApiClient, type ApiData, type ApiInit, type ApiPath, type HttpMethod, type RequiredKeysOf, type ShellPageView } from '@datahub/api-client';
import { TWO_FACTOR_DETAILS, type ApiErrorBody } from '@datahub/domain';
import { TWO_FACTOR_ENROL_PATH } from '../account/two-factor';
import { addUsageConsentHeader } from '../account/consent.server';
import { apiUrl } from './env.server';
import { loginPath, requestedPath } from './redirects';
import { getAccessToken } from './session.server';
import { endedSessionCookies } from '../account/session-ending.server';
import { idempotencyKeyFor } from './idempotency.server';

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: ApiErrorBody; retryAfter?: string; location?: string };

export interface ApiOptions {
  /** 'required' (default): no token or a 401 redirects to /inloggen; 'optional' and 'none' (sign-in, sign-up) return every answer. */
  auth?: 'required' | 'optional' | 'none';
  /** With 'required', 403 and 404 are thrown for the error boundary unless the form shows them (`refusals: 'return'`). */
  refusals?: 'throw' | 'return';
  raw?: { body: Blob; contentType: string };
  /** A page read that brings the shell along (`Prefer: include=shell`); always settled, with undefined when none came. */
  shell?: ShellClaim;
}

export interface ShellClaim {
  settle(shell: ShellPageView | undefined): void;
}

function takeShell(data: unknown): ShellPageView | undefined {
  if (!data || typeof data !== 'object' || !('shell' in data)) return undefined;
  const { shell } = data as { shell?: ShellPageView };
  delete (data as { shell?: unknown }).shell;
  return shell;
}

const TIMEOUT_MS = 15_000;

/** Kept as address and init so `fetch` builds the one `Request` (copying openapi-fetch's cost about 1% CPU per page). */
class OutgoingCall {
  constructor(
    readonly url: string,
    readonly init: RequestInit,
  ) {}

  get method(): string {
    return this.init.method ?? 'GET';
  }
}

function sendCall(call: OutgoingCall): Promise<Response> {
  return fetch(call.url, call.init);
}

function redirectToLogin(request: Request): never {
  const headers = new Headers();
  for (const cookie of endedSessionCookies(request)) headers.append('Set-Cookie', cookie);
  throw redirect(loginPath(requestedPath(request.url)), { headers });
}

function errorBody(status: number, body: unknown): ApiErrorBody {
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') {
    const errors = 'errors' in body && body.errors && typeof body.errors === 'object' ? body.errors : undefined;
    return { statusCode: status, detail: body.detail, ...(errors ? { errors: errors as Record<string, string> } : {}) };
  }
  return { statusCode: status, detail: '' };
}

/** `init` (params, body) is required exactly when the operation has required parameters or a body. */
export type CallArgs<M extends HttpMethod, P extends ApiPath<M>> =
  RequiredKeysOf<ApiInit<M, P>> extends never
    ? [init?: ApiInit<M, P>, options?: ApiOptions]
    : [init: ApiInit<M, P>, options?: ApiOptions];

/** The client's address (nest-api's rate limits) and the portal's request id, so one request is found in both processes' logs. */
function forwardClientHeaders(request: Request, headers: Headers): void {
  const forwardedFor = request.headers.get('X-Forwarded-For');
  if (forwardedFor) headers.set('X-Forwarded-For', forwardedFor);
  const requestId = request.headers.get('X-Request-Id');
  if (requestId) headers.set('X-Request-Id', requestId);
}

/** Typed by @datahub/api-client. 401 redirects to /inloggen; 403, 404, 5xx and no API throw; 422, 409, 429 come back as `{ ok: false }`. */
export async function apiRequest<M extends HttpMethod, P extends ApiPath<M>>(
  request: Request,
  method: M,
  path: P,
  ...[init, options = {}]: CallArgs<M, P>
): Promise<ApiResult<ApiData<M, P>>> {
  let brought: ShellPageView | undefined;
  try {
    const result = await ask(request, method, path, init, options);
    if (result.ok) brought = takeShell(result.data);
    return result as ApiResult<ApiData<M, P>>;
  } finally {
    options.shell?.settle(brought);
  }
}

async function ask(request: Request, method: HttpMethod, path: string, init: unknown, options: ApiOptions): Promise<ApiResult<unknown>> {
  const headers = new Headers({ Accept: 'application/json' });
  forwardClientHeaders(request, headers);
  addUsageConsentHeader(request, headers);
  const auth = options.auth ?? 'required';
  if (auth !== 'none') {
    const token = getAccessToken(request);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else if (auth === 'required') redirectToLogin(request);
  }
  if (options.raw) headers.set('Content-Type', options.raw.contentType);
  // A form's post retried after a lost answer must not create twice: nest-api replays.
  const idempotencyKey = method === 'post' && !options.raw ? idempotencyKeyFor(request, path, init) : undefined;
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
  if (options.shell) headers.set('Prefer', 'include=shell');

  // Looked up per call: the API address comes from the environment, and tests replace fetch.
  const client = createApiClient({ baseUrl: apiUrl(), Request: OutgoingCall as unknown as typeof Request, fetch: sendCall as unknown as typeof fetch });
  let answer: { data?: unknown; error?: unknown; response: Response };
  try {
    answer = await client.request(method, path as never, {
      ...((init as object | undefined) ?? {}),
      ...(options.raw ? { body: options.raw.body, bodySerializer: (body: unknown) => body } : {}),
      headers,
      redirect: 'manual',
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(TIMEOUT_MS)]),
    } as never);
  } catch (error) {
    if (request.signal.aborted) throw error;
    console.error(`nest-api ${method.toUpperCase()} ${path} failed (request ${request.headers.get('X-Request-Id') ?? '-'}):`, error);
    throw new Response(null, { status: 503 });
  }

  const { response } = answer;
  if (response.ok) return { ok: true, status: response.status, data: answer.data ?? null };

  if (auth === 'required') {
    if (response.status === 401) redirectToLogin(request);
    // A loader asking without the shell (a navigation with JavaScript) is sent where the shell would send it.
    if (response.status === 403 && errorBody(403, answer.error).detail === TWO_FACTOR_DETAILS.enrolmentRequired) throw redirect(TWO_FACTOR_ENROL_PATH);
    if ((response.status === 403 || response.status === 404) && options.refusals !== 'return') throw new Response(null, { status: response.status });
  }
  if (response.status >= 500) {
    console.error(`nest-api ${method.toUpperCase()} ${path} answered ${response.status}: ${JSON.stringify(answer.error ?? '').slice(0, 500)}`);
    throw new Response(null, { status: 502 });
  }
  const retryAfter = response.headers.get('retry-after');
  // A 301 (an organisation's former slug) names the lasting address; the caller redirects.
  const location = response.status === 301 ? response.headers.get('location') : null;
  return {
    ok: false,
    status: response.status,
    error: errorBody(response.status, answer.error),
    ...(retryAfter ? { retryAfter } : {}),
    ...(location ? { location } : {}),
  };
}

export function refusalInit(result: { status: number; retryAfter?: string }): ResponseInit {
  return { status: result.status, ...(result.retryAfter ? { headers: { 'Retry-After': result.retryAfter } } : {}) };
}

/** A signed-in GET whose refusal is never expected by the page: anything but 2xx is thrown. */
export async function apiGet<P extends ApiPath<'get'>>(request: Request, path: P, ...[init]: CallArgs<'get', P>): Promise<ApiData<'get', P>> {
  return dataOrThrow(await apiRequest(request, 'get', path, ...([init] as CallArgs<'get', P>)));
}

export function dataOrThrow<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new Response(null, { status: result.status });
  return result.data;
}

/** Passed on as it is (SPARQL results, downloads), with the caller's Accept; no token or a 401 redirects to /inloggen, no API throws 503. */
export async function apiFetchRaw(request: Request, path: string, accept: string, post?: { body: string; contentType: string }): Promise<Response> {
  const token = getAccessToken(request);
  if (!token) redirectToLogin(request);
  const headers = new Headers({ Accept: accept, Authorization: `Bearer ${token}` });
  if (post) headers.set('Content-Type', post.contentType);
  forwardClientHeaders(request, headers);
  addUsageConsentHeader(request, headers);
  let response: Response;
  try {
    response = await fetch(`${apiUrl()}${path}`, { headers, redirect: 'manual', ...(post ? { method: 'POST', body: post.body } : {}), signal: AbortSignal.any([request.signal, AbortSignal.timeout(60_000)]) });
  } catch (error) {
    if (request.signal.aborted) throw error;
    console.error(`nest-api ${post ? 'POST' : 'GET'} ${path.split('?')[0]} failed:`, error);
    throw new Response(null, { status: 503 });
  }
  if (response.status === 401) redirectToLogin(request);
  return response;
}
