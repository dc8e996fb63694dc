import { redirect } from '@remix-run/node';
import type { ApiErrorBody } from '@datahub/domain';
import { apiUrl } from './env.server';
import { loginPath, requestedPath } from './redirects';
import { clearAccessTokenCookie, getAccessToken } from './session.server';

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: ApiErrorBody };

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  /** A non-JSON body (an uploaded image) and its content type. */
  raw?: { body: Blob; contentType: string };
  /**
   * 'required' (default): send the visitor's token; no token or a 401 redirects to /inloggen.
   * 'optional': send the token when there is one; every answer comes back as a result.
   * 'none': never send it (sign-in, sign-up); every answer comes back as a result.
   */
  auth?: 'required' | 'optional' | 'none';
  /**
   * With 'required' auth, 403 and 404 are thrown for the error boundary by default; an action
   * that shows them in its form asks for them back with `refusals: 'return'`.
   */
  refusals?: 'throw' | 'return';
}

const TIMEOUT_MS = 15_000;

/** Throws the redirect to the sign-in page, forgetting the token nest-api no longer accepts. */
export function redirectToLogin(request: Request): never {
  const headers = getAccessToken(request) ? { 'Set-Cookie': clearAccessTokenCookie(request) } : undefined;
  throw redirect(loginPath(requestedPath(request.url)), { headers });
}

function errorBody(status: number, body: unknown): ApiErrorBody {
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') {
    const errors = 'errors' in body && body.errors && typeof body.errors === 'object' ? body.errors : undefined;
    return { statusCode: status, detail: body.detail, ...(errors ? { errors: errors as Record<string, string> } : {}) };
  }
  return { statusCode: status, detail: '' };
}

/**
 * The one way loaders and actions talk to nest-api. Signed-in calls carry the bearer token
 * from the `access_token` cookie; 401 throws the redirect to /inloggen, 403 and 404 throw a
 * Response for the error boundary, 5xx and an unreachable API throw too. Other refusals
 * (422 field errors, 409, 429) come back as `{ ok: false }` for the form to show.
 */
export async function apiRequest<T>(request: Request, path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  const headers = new Headers({ Accept: 'application/json' });
  const forwardedFor = request.headers.get('X-Forwarded-For');
  if (forwardedFor) headers.set('X-Forwarded-For', forwardedFor);
  if (options.json !== undefined) headers.set('Content-Type', 'application/json');
  if (options.raw) headers.set('Content-Type', options.raw.contentType);
  const auth = options.auth ?? 'required';
  if (auth !== 'none') {
    const token = getAccessToken(request);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else if (auth === 'required') redirectToLogin(request);
  }

  let response: Response;
  try {
    response = await fetch(`${apiUrl()}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.raw ? options.raw.body : options.json === undefined ? undefined : JSON.stringify(options.json),
      redirect: 'manual',
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(TIMEOUT_MS)]),
    });
  } catch (error) {
    if (request.signal.aborted) throw error;
    console.error(`nest-api ${options.method ?? 'GET'} ${path} failed:`, error);
    throw new Response(null, { status: 503 });
  }

  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (response.ok) return { ok: true, status: response.status, data: body as T };

  if (auth === 'required') {
    if (response.status === 401) redirectToLogin(request);
    if ((response.status === 403 || response.status === 404) && options.refusals !== 'return') throw new Response(null, { status: response.status });
  }
  if (response.status >= 500) {
    console.error(`nest-api ${options.method ?? 'GET'} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    throw new Response(null, { status: 502 });
  }
  return { ok: false, status: response.status, error: errorBody(response.status, body) };
}

/** A signed-in GET whose refusal is never expected by the page: anything but 2xx is thrown. */
export async function apiGet<T>(request: Request, path: string): Promise<T> {
  const result = await apiRequest<T>(request, path);
  if (!result.ok) throw new Response(null, { status: result.status });
  return result.data;
}
