import { randomBytes } from 'node:crypto';
import { BAD_INPUT_DETAILS, DETAILS, ERROR_TEXTS, LABELS } from '@datahub/domain';
import { isSameOrigin } from '@datahub/domain/server';

export function createNonce() {
  return randomBytes(16).toString('base64');
}

/**
 * Vite's dev server also needs websockets (HMR).
 * @param {string} nonce
 * @param {{ dev?: boolean }} [options]
 */
export function contentSecurityPolicy(nonce, { dev = false } = {}) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    // Logos are served by the hub itself (/api/logos/…); no image comes from elsewhere.
    "img-src 'self' data:",
    "font-src 'self'",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Swagger UI (proxied from nest-api) brings its own scripts and policy. */
export function isApiDocsPath(/** @type {string} */ path) {
  return /^\/api\/docs(?:[/-]|$)/.test(path);
}

export function isApiPath(/** @type {string} */ path) {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Also sets `res.locals.cspNonce` for the Remix render.
 * @param {{ dev?: boolean }} [options]
 * @returns {import('express').RequestHandler}
 */
export function securityHeaders({ dev = false } = {}) {
  return (req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    // Pages show names, e-mail addresses and keys: no cache keeps them (static files set their own).
    if (!isApiPath(req.path)) res.setHeader('Cache-Control', 'no-store');
    if (!isApiDocsPath(req.path)) {
      const nonce = createNonce();
      res.locals.cspNonce = nonce;
      res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, { dev }));
    }
    next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host a browser's Origin is compared with: the forwarded host first, as Remix does. */
function requestHost(/** @type {import('express').Request} */ req) {
  return req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host');
}

/**
 * Remix would abort a cross-site post with a 500, so it gets a Dutch 403 here; requireValidCsrf still runs.
 * @returns {import('express').RequestHandler}
 */
export function refuseCrossOriginPosts() {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isApiPath(req.path)) return next();
    const origin = req.get('origin');
    if (!origin || isSameOrigin(origin, undefined, requestHost(req))) return next();
    res.status(403).type('html').send(crossOriginRefusalPage());
  };
}

const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

/**
 * Pages take GET and POST only: other methods get a Dutch 405 rather than reach an action expecting a form.
 * @returns {import('express').RequestHandler}
 */
export function refuseOtherMethods() {
  return (req, res, next) => {
    if (PAGE_METHODS.includes(req.method) || isApiPath(req.path)) return next();
    res.status(405).set('Allow', PAGE_METHODS.join(', ')).type('html').send(refusalPage(BAD_INPUT_DETAILS.methodNotAllowed));
  };
}

/**
 * The portal's pages never accept an API token (ADR 0017): a request that brings one (`Bearer dht_…`)
 * is refused with 403 rather than answered as an anonymous visitor. /api/* is nest-api's to decide.
 */
export function refuseApiTokens() {
  /** @type {import('express').RequestHandler} */
  return (req, res, next) => {
    if (isApiPath(req.path) || !/^Bearer\s+dht_/i.test(req.get('authorization') ?? '')) return next();
    res.status(403).type('html').send(refusalPage(DETAILS.tokenNotAllowed));
  };
}

/** A small Dutch page with one message (refusals answered before Remix). @param {string} message */
export function refusalPage(message) {
  return [
    '<!DOCTYPE html><html lang="nl"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${LABELS.productName}</title></head><body><main>`,
    `<h1>${LABELS.productName}</h1><p role="alert">${message}</p>`,
    `<p><a href="/">${LABELS.errorPage.backHome}</a></p>`,
    '</main></body></html>',
  ].join('');
}

export function crossOriginRefusalPage() {
  return [
    '<!DOCTYPE html><html lang="nl"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${LABELS.productName}</title></head><body><main>`,
    `<h1>${LABELS.productName}</h1><p role="alert">${ERROR_TEXTS.csrf}</p>`,
    `<p><a href="/">${LABELS.errorPage.backHome}</a></p>`,
    '</main></body></html>',
  ].join('');
}
