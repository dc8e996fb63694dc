import { timingSafeEqual, createHash } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DETAILS } from '@datahub/domain';
import type { Metrics } from './metrics';

type Fastify = ReturnType<ReturnType<NestFastifyApplication['getHttpAdapter']>['getInstance']>;

export const METRICS_PATH = '/metrics';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Loopback callers no proxy speaks for (the portal and proxies add X-Forwarded-For), or `Authorization: Bearer <METRICS_TOKEN>`. */
export function mayReadMetrics(request: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string } }, token: string | null): boolean {
  const header = request.headers.authorization;
  const given = typeof header === 'string' ? /^Bearer (.+)$/.exec(header)?.[1] : undefined;
  if (token && given) return timingSafeEqual(digest(given), digest(token));
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** Per route pattern, never the URL (no ids, no queries). */
export function installMetrics(fastify: Fastify, metrics: Metrics, token: string | null): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== METRICS_PATH) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });
  fastify.get(METRICS_PATH, async (request, reply) => {
    if (!mayReadMetrics(request, token)) return reply.code(403).send({ statusCode: 403, detail: DETAILS.forbidden });
    return reply.type(metrics.registry.contentType).send(await metrics.text());
  });
}
