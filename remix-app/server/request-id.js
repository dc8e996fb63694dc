import { randomUUID } from 'node:crypto';

/**
 * Sent to nest-api and back to the browser as X-Request-Id, so one error is found in both logs.
 * A browser's own X-Request-Id is replaced, never trusted.
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
