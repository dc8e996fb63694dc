import 'reflect-metadata';
import { createRequire } from 'node:module';
import { Logger, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { API_TOKEN_SECURITY } from './common/access.decorators';
import { AppModule } from './app.module';
import { createLogger, PinoNestLogger, requestIdOf } from './logging/logger';
import { Metrics } from './metrics/metrics';
import { installMetrics } from './metrics/metrics-http';
import { ChangeNotifications } from './cache/change-notifications';
import { documentIdempotencyKey } from './idempotency/idempotency';
import { installJsonBodyParser, MAX_BODY_BYTES } from './common/json-body';
import { frameworkErrors, installRequestGuards } from './common/request-guards';
import { createValidationPipe } from './common/validation';
import { registerImageBodies } from './logos/raw-body';
import { registerMultipartBodies } from './support/multipart-body';
import { installSparqlProtocolCors, registerSparqlProtocolBodies } from './dataset-data/protocol-http';
import { isSparqlProtocolPath } from './dataset-data/protocol-request';
import { registerSupportGate } from './support/support-gate';
import { privateHostsWarning, type AppConfig } from './config/config';


const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The adapter's own Fastify copy: its option check is `instanceof` that copy's class. */
const { LogController } = createRequire(require.resolve('@nestjs/platform-fastify'))('fastify') as typeof import('fastify');
/** A page view changes no session: its answer need not wait for the cache sync. */
const NO_SESSION_EFFECT = '/api/insight/page-views';

export function buildOpenApiDocument(app: NestFastifyApplication) {
  const document = new DocumentBuilder()
    .setTitle('Datahub Tuinbouw API')
    .setDescription(
      'The API behind the Datahub Tuinbouw portal. Every operation states who may call it (x-access, x-permission). ' +
        'Errors are `{ statusCode, detail, errors? }`.',
    )
    .setVersion('1.2.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'dht_…',
        description: "An API token (made on /profiel or /mijn-organisatie): only on operations with x-token-scope, and only with that scope",
      },
      API_TOKEN_SECURITY,
    )
    .build();
  return documentIdempotencyKey(SwaggerModule.createDocument(app, document));
}

/** Configured but not listening; used by main.ts, the tests and the benchmark. */
export async function createApp(config: AppConfig, databaseUrl: string, extraModules: Type[] = []): Promise<NestFastifyApplication> {
  // Each request's id comes from the portal's X-Request-Id (or is made here) and goes back in the answer.
  const logger = createLogger(config.logLevel);
  const adapter = new FastifyAdapter({
    loggerInstance: logger as never,
    genReqId: requestIdOf,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'request_id' }) as never,
    trustProxy: config.trustProxy,
    bodyLimit: MAX_BODY_BYTES,
    frameworkErrors: (error: { code?: string }, request: unknown, reply: unknown) => void frameworkErrors(error, request, reply as never),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, databaseUrl, extraModules), adapter, {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  installJsonBodyParser(fastify);
  installRequestGuards(fastify);
  installMetrics(fastify, app.get(Metrics), config.metricsToken);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  installSparqlProtocolCors(app);
  // After a write (logout, role change, removal…) the answer waits until every live process has heard
  // the database's notifications, so the caller's next request finds its caches current.
  const changes = app.get(ChangeNotifications);
  // A refused write (4xx/5xx) rolled back: nothing to wait for (its notifications would still come).
  // Callback style: a read (most requests) passes straight on without a promise.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400 || request.url.startsWith(NO_SESSION_EFFECT) || isSparqlProtocolPath(request.url))
      return done(null, payload);
    changes.sync().then(
      () => done(null, payload),
      () => done(null, payload),
    );
  });
  app.setGlobalPrefix('api');
  registerImageBodies(app);
  registerMultipartBodies(app);
  registerSparqlProtocolBodies(app);
  registerSupportGate(app);
  app.useGlobalPipes(createValidationPipe());
  SwaggerModule.setup('api/docs', app, buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'Datahub Tuinbouw API',
  });
  const warning = privateHostsWarning(config);
  if (warning) new Logger('Config').warn(warning);
  Logger.flush();
  return app;
}
