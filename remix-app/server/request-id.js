import { randomUUID } from 'node:crypto';

/**
 * Gives every request an id: sent to nest-api as X-Request-Id (by the /api proxy and by loaders,
 * app/lib/core/api.server.ts) and returned to the browser in the same header, so one user's error
 * can be found in the portal's and the API's logs. A browser's own X-Request-Id is replaced, never trusted.
 * @returns {import('express').RequestHandler}
 */
export function requestId() {
  return (req, res, next) => {
    const id = randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}
