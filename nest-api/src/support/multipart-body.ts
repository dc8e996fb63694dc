import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { API_BODY_LIMITS, BAD_INPUT_DETAILS } from '@datahub/domain';
import { ApiError } from '../common/errors';

export const SUPPORT_REQUESTS_PATH = '/api/support-requests';

/** Only on the support-request route, as bytes; the route parses it (undici's FormData). */
export function registerMultipartBodies(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: API_BODY_LIMITS.multipart }, (request, body, done) => {
      if (request.url.split('?')[0] !== SUPPORT_REQUESTS_PATH) return done(new ApiError(415, BAD_INPUT_DETAILS.contentType), undefined);
      done(null, body);
    });
}

/** Anything unreadable is an empty form, so the validation names the fields. */
export async function readMultipart(body: unknown, contentType: string | undefined): Promise<FormData> {
  if (!Buffer.isBuffer(body) || !contentType?.startsWith('multipart/form-data')) return new FormData();
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return new FormData();
  }
}
