import { apiBodyLimit, BAD_INPUT_DETAILS, DETAILS, LABELS, portalMultipartLimit, UPLOAD_TOO_LARGE_HEADER } from '@datahub/domain';
import { ACCESS_TOKEN_COOKIE } from '@datahub/domain/server';
import { refusalPage } from './security.js';

/** @typedef {import('node:http').IncomingMessage & { bodyRefused?: boolean, upstreamAnswered?: boolean }} ProxiedRequest */

/**
 * Nest-api's own error shape with a Dutch detail, from the portal. The rest of an unread body is
 * read and dropped (not kept), so the client sees the answer instead of a reset connection.
 * @param {ProxiedRequest} req
 * @param {import('node:http').ServerResponse} res
 * @param {number} statusCode
 * @param {string} detail
 */
function answerApiError(req, res, statusCode, detail) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(statusCode, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ statusCode, detail }));
  req.resume();
}

/**
 * Express middleware before the /api proxy: a body that declares more bytes than nest-api takes for
 * that route and content type gets the Dutch 413 here, and is not streamed on.
 * @returns {import('express').RequestHandler}
 */
export function refuseDeclaredOversize() {
  return (req, res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > apiBodyLimit(req.originalUrl, req.headers['content-type'])) {
      /** @type {ProxiedRequest} */ (req).bodyRefused = true;
      return answerApiError(req, res, 413, BAD_INPUT_DETAILS.tooLarge);
    }
    next();
  };
}

const UPLOAD_TYPE = /^\s*(?:multipart\/form-data|image\/|application\/octet-stream)/i;
const SIGNED_IN_COOKIE = new RegExp(`(?:^|;\\s*)${ACCESS_TOKEN_COOKIE}=[^;\\s]`);

/**
 * Express middleware before the /api proxy: an upload (multipart or image body) that brings no
 * credential at all (no session cookie, no Authorization) gets nest-api's own 401 here and is not
 * streamed on. nest-api refuses it before reading it, and the connection closing under the rest of
 * the upload came back as a 502.
 * @returns {import('express').RequestHandler}
 */
export function refuseAnonymousUploads() {
  return (req, res, next) => {
    if (!UPLOAD_TYPE.test(req.headers['content-type'] ?? '') || req.headers.authorization || SIGNED_IN_COOKIE.test(req.headers.cookie ?? '')) return next();
    /** @type {ProxiedRequest} */ (req).bodyRefused = true;
    answerApiError(req, res, 401, DETAILS.unauthenticated);
  };
}

/**
 * Express middleware for the portal's pages: a multipart body that declares more bytes than the
 * page takes is never read. An upload form's page is told (UPLOAD_TOO_LARGE_HEADER) and answers the
 * 413 in its form, after its sign-in check; any other page (1 MB) gets a bare Dutch 413 page here.
 * The rest of the body is read and dropped after the answer, so the browser sees it.
 * @returns {import('express').RequestHandler}
 */
export function refuseOversizeUploads() {
  return (req, res, next) => {
    delete req.headers[UPLOAD_TOO_LARGE_HEADER];
    const limit = portalMultipartLimit(req.originalUrl, req.headers['content-type']);
    if (!limit || Number(req.headers['content-length'] ?? 0) <= limit.bytes) return next();
    if (limit.inPage) {
      req.headers[UPLOAD_TOO_LARGE_HEADER] = '1';
      return next();
    }
    res.status(413).set('Cache-Control', 'no-store').type('html').send(refusalPage(BAD_INPUT_DETAILS.tooLarge));
    req.resume();
  };
}

/**
 * For the proxy's `proxyReq` event: counts the bytes streamed on (a chunked body declares no
 * length); past the limit the upstream request is dropped and the Dutch 413 answered.
 * @param {import('node:http').ClientRequest} proxyReq
 * @param {ProxiedRequest} req
 * @param {import('node:http').ServerResponse} res
 */
export function countStreamedBody(proxyReq, req, res) {
  const limit = apiBodyLimit(/** @type {{ originalUrl?: string }} */ (req).originalUrl ?? req.url ?? '', req.headers['content-type']);
  proxyReq.once('response', () => (req.upstreamAnswered = true));
  let seen = 0;
  const count = (/** @type {Buffer} */ chunk) => {
    seen += chunk.length;
    if (seen <= limit || req.bodyRefused) return;
    req.bodyRefused = true;
    req.off('data', count);
    req.unpipe(proxyReq);
    proxyReq.destroy();
    answerApiError(req, res, 413, BAD_INPUT_DETAILS.tooLarge);
  };
  req.on('data', count);
}

/**
 * The proxy's `error` event. An answer already under way from nest-api (its own 413 while the body
 * was still coming) is let through rather than cut off; a body the portal refused is already
 * answered; otherwise 502 with the Dutch detail (nest-api unreachable, or gone mid-upload).
 * @param {Error} error
 * @param {ProxiedRequest} req
 * @param {import('node:http').ServerResponse | import('node:net').Socket} res
 */
export function proxyError(error, req, res) {
  if (req.bodyRefused) return;
  console.error(`Proxy ${req.method} ${req.url} failed: ${error.message}`);
  if (!('writeHead' in res)) return void res.destroy();
  if (res.headersSent || req.upstreamAnswered) return; // nest-api's answer is being passed on; it ends by itself
  const code = /** @type {{ code?: string }} */ (error).code;
  if ((code === 'EPIPE' || code === 'ECONNRESET') && !req.complete) {
    // nest-api stopped reading in the middle of the body (it refuses some before reading them, and
    // its answer is lost with the connection): the rest is read and counted, so a body over the
    // limit still gets the Dutch 413; one within it the 502 once it is in.
    req.once('end', () => {
      if (!res.headersSent) answerApiError(req, res, 502, LABELS.errorPage.unavailable);
    });
    req.resume();
    return;
  }
  answerApiError(req, res, 502, LABELS.errorPage.unavailable);
}
