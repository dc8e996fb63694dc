import { BAD_INPUT_DETAILS } from '@datahub/domain';

const CONTROL = /[\u0000-\u001f\u007f]/;

/** JSON answers render nothing, so nothing may load, frame or submit. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** Its page has inline styles, no inline script. */
const SWAGGER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function isDocsPath(url: string): boolean {
  return /^\/api\/docs(?:[/?]|$)/.test(url);
}

interface Reply {
  code(status: number): Reply;
  header(name: string, value: string): Reply;
  hasHeader(name: string): boolean;
  send(body: unknown): unknown;
}

/** Typed loosely: nest's adapter brings its own copy of Fastify's types. */
interface HookHost {
  addHook(name: 'onRequest', hook: (request: { url: string }, reply: Reply, done: () => void) => void): unknown;
  addHook(name: 'onSend', hook: (request: unknown, reply: Reply, payload: unknown, done: (error: null, payload: unknown) => void) => void): unknown;
}

function refuse(reply: Reply, statusCode: number, detail: string) {
  return reply.code(statusCode).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send({ statusCode, detail });
}

/** Control characters in the path, a NUL in the query, broken escapes; the query may hold line breaks, as SPARQL travels there. */
function isBadUrl(url: string): boolean {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const query = mark === -1 ? '' : url.slice(mark + 1);
  // Nothing escaped (most requests): decoding would change nothing but '+' in the query.
  if (!url.includes('%')) return CONTROL.test(path) || query.includes('\u0000');
  try {
    return CONTROL.test(decodeURIComponent(path)) || decodeURIComponent(query.replace(/\+/g, ' ')).includes('\u0000');
  } catch {
    return true;
  }
}

/** One error shape with a Dutch detail, never echoing the URL as Fastify's own answer does. */
export function frameworkErrors(error: { code?: string }, _request: unknown, reply: Reply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return refuse(reply, 414, BAD_INPUT_DETAILS.uriTooLong);
  return refuse(reply, 400, BAD_INPUT_DETAILS.badRequest);
}

export function installRequestGuards(fastify: HookHost): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (isBadUrl(request.url)) {
      refuse(reply, 400, BAD_INPUT_DETAILS.badRequest);
      return;
    }
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    // API answers carry tokens, secrets and personal data: no cache keeps them unless a route says otherwise.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // A route that sets its own policy keeps it (served logos: 'sandbox').
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', isDocsPath((request as { url: string }).url) ? SWAGGER_CSP : API_CSP);
    done(null, payload);
  });
}
