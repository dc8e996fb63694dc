import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BAD_INPUT_DETAILS } from '@datahub/domain';
import { ApiError } from '../common/errors';
import { FORM_MEDIA, isSparqlProtocolPath, QUERY_MEDIA } from './protocol-request';

/** A query form or a query body: the guard's query cap (64 KB) URL-encoded up to 3×, and some room. */
const PROTOCOL_BODY_LIMIT = 256 * 1024;

/**
 * The protocol endpoint's two body types, as text (the controller reads them); on any other
 * route these types stay refused with 415, as before.
 */
export function registerSparqlProtocolBodies(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  for (const media of [FORM_MEDIA, QUERY_MEDIA]) {
    fastify.addContentTypeParser(media, { parseAs: 'string', bodyLimit: PROTOCOL_BODY_LIMIT }, (request, body, done) => {
      if (!isSparqlProtocolPath(request.url)) return done(new ApiError(415, BAD_INPUT_DETAILS.contentType), undefined);
      done(null, body);
    });
  }
}

/**
 * CORS for the protocol endpoint (browser SPARQL clients such as YASGUI, with a token): the
 * preflight is answered here, and a request without cookies may be read by any origin. No
 * Access-Control-Allow-Credentials: a cookie-borne request is never readable cross-origin, and
 * it keeps the same-origin and CSRF rules of the guard.
 */
export function installSparqlProtocolCors(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!isSparqlProtocolPath(request.url)) return done();
    if (request.method === 'OPTIONS') {
      void reply
        .code(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'Authorization, Content-Type, Accept')
        .header('access-control-max-age', '600')
        .send();
      return;
    }
    if (request.headers.cookie === undefined) {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-expose-headers', 'X-Datahub-Truncated');
    }
    done();
  });
}
