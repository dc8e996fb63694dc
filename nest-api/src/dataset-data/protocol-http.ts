import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BAD_INPUT_DETAILS } from '@datahub/domain';
import { ApiError } from '../common/errors';
import { FORM_MEDIA, isSparqlProtocolPath, QUERY_MEDIA } from './protocol-request';

/** A query form or a query body: the guard's query cap (64 KB) URL-encoded up to 3×, and some room. */
const PROTOCOL_BODY_LIMIT = 256 * 1024;

/** As text; on any other route these types stay refused with 415. */
export function registerSparqlProtocolBodies(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  for (const media of [FORM_MEDIA, QUERY_MEDIA]) {
    fastify.addContentTypeParser(media, { parseAs: 'string', bodyLimit: PROTOCOL_BODY_LIMIT }, (request, body, done) => {
      if (!isSparqlProtocolPath(request.url)) return done(new ApiError(415, BAD_INPUT_DETAILS.contentType), undefined);
      done(null, body);
    });
  }
}

/** For browser SPARQL clients with a token; no Allow-Credentials, so a cookie-borne request is never readable cross-origin. */
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
