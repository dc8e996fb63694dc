import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { DETAILS, SUPPORT_LIMITS } from '@datahub/domain';
import { isApiTokenSecret } from '../api-tokens/api-token-secret';
import { extractAccessToken } from '../auth/credentials';
import { TokenService } from '../auth/token.service';
import { ApiError } from '../common/errors';
import { SUPPORT_REQUESTS_PATH } from './multipart-body';
import { SupportRepository } from './support.repository';

const HOUR_SECONDS = 3600;

/** Typed loosely: nest's adapter brings its own copy of Fastify's types. */
interface HookHost {
  addHook(name: 'onRequest', hook: (request: never, reply: unknown, done: (error?: Error) => void) => void): unknown;
}

async function supportWaitSeconds(requests: SupportRepository, userId: string): Promise<number> {
  const wait = await requests.secondsUntilSlot(userId, SUPPORT_LIMITS.perUserPerHour);
  return wait === null ? 0 : Math.min(HOUR_SECONDS, Math.max(1, wait));
}

/** Sender and rate are settled in `onRequest`, before the up to 15 MB body is read; the access guard still checks the route afterwards. */
export function registerSupportGate(app: NestFastifyApplication): void {
  const tokens = app.get(TokenService);
  const requests = app.get(SupportRepository);
  const gate = async (request: FastifyRequest): Promise<void> => {
    const credential = extractAccessToken(request);
    if (!credential) throw ApiError.unauthenticated();
    // A write: API tokens are refused here as by the guard everywhere else (ADR 0017).
    if (isApiTokenSecret(credential.token)) throw ApiError.forbidden(DETAILS.tokenNotAllowed);
    const known = tokens.authenticateFromMemory(credential.token, credential.via);
    const user = known === undefined ? await tokens.authenticate(credential.token, credential.via) : known;
    if (!user) throw ApiError.unauthenticated();
    const wait = await supportWaitSeconds(requests, user.id);
    if (wait > 0) throw ApiError.tooManyRequests(wait);
  };
  // Callback style: every other request passes on without a promise.
  (app.getHttpAdapter().getInstance() as unknown as HookHost).addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    if (request.method !== 'POST' || request.url.split('?')[0] !== SUPPORT_REQUESTS_PATH) return done();
    gate(request).then(() => done(), done);
  });
}
