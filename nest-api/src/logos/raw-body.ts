import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { API_BODY_LIMITS } from '@datahub/domain';

/** The types are checked again from the bytes. */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'application/octet-stream'];

export function registerImageBodies(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addContentTypeParser(IMAGE_UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: API_BODY_LIMITS.image }, (_request, body, done) => done(null, body));
}

export const RawBody = createParamDecorator((_data: unknown, context: ExecutionContext): unknown => context.switchToHttp().getRequest().body);
