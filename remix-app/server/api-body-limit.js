import { apiBodyLimit, BAD_INPUT_DETAILS, DETAILS, LABELS, portalMultipartLimit, UPLOAD_TOO_LARGE_HEADER } from '@datahub/domain';
import { ACCESS_TOKEN_COOKIE } from '@datahub/domain/server';
import { refusalPage } from './security.js';

/** @typedef {import('node:http').IncomingMessage & { bodyRefused?: boolean, upstreamAnswered?: boolean }} ProxiedRequest */

/**
 * nest-api's error shape; the rest of an unread body is drained so the client sees it, not a reset.
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
 * A body declaring more bytes than nest-api takes for its route gets the Dutch 413 here, unstreamed.
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
 * An upload without any credential gets nest-api's 401 here: nest-api refuses it unread, and the
 * connection closing under the rest of the upload came back as a 502.
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
 * An oversized multipart body is never read: an upload page is told (UPLOAD_TOO_LARGE_HEADER) and
 * answers 413 in its form after its sign-in check; any other page gets a bare Dutch 413 here.
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
 * Counts the bytes streamed on, as a chunked body declares no length; past the limit, the Dutch 413.
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
 * An answer already under way from nest-api (its own 413 mid-body) is let through, not cut off.
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
    // nest-api stopped reading mid-body and its answer was lost: the rest is counted, so a body over
    // the limit still gets the Dutch 413.
    req.once('end', () => {
      if (!res.headersSent) answerApiError(req, res, 502, LABELS.errorPage.unavailable);
    });
    req.resume();
    return;
  }
  answerApiError(req, res, 502, LABELS.errorPage.unavailable);
}
