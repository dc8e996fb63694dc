import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from '../app.module';
import { buildOpenApiDocument } from '../app';
import { loadConfig } from '../config/config';

/** Nest's preview mode reads the controllers' metadata without instantiating providers: no database or server needed. */
export async function buildOfflineOpenApiDocument(): Promise<OpenAPIObject> {
  const config = loadConfig({
    JWT_SECRET: 'offline-openapi-document-only-0123456789',
    CSRF_SECRET: 'offline-openapi-document-only-0123456789',
    ADMIN_EMAIL: 'beheer@datahub.test',
    ADMIN_PASSWORD: 'offline-openapi-document-only',
    DEMO_SEED: 'false',
    LOG_LEVEL: 'silent',
    DISCOVERY_INTERVAL_SECONDS: '0',
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, 'postgres://offline.invalid/none'), new FastifyAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  app.setGlobalPrefix('api');
  const document = buildOpenApiDocument(app);
  await app.close();
  return document;
}

/** So the committed document only changes when the contract does. */
export function stableJson(value: unknown): string {
  const sort = (input: unknown): unknown => {
    if (Array.isArray(input)) return input.map(sort);
    if (input && typeof input === 'object')
      return Object.fromEntries(Object.keys(input).sort().map((key) => [key, sort((input as Record<string, unknown>)[key])]));
    return input;
  };
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

if (require.main === module) {
  const target = process.argv[2];
  buildOfflineOpenApiDocument()
    .then(async (document) => {
      const json = stableJson(document);
      if (target) await (await import('node:fs/promises')).writeFile(target, json);
      else process.stdout.write(json);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
