import type { FastifyRequest } from 'fastify';
import { CONSENT_COOKIE, USAGE_CONSENT_HEADER } from '@datahub/domain';
import { readCookie } from '../auth/credentials';

/** Never with Do-Not-Track or Global Privacy Control; else only when accepted (the portal's header, or the consent cookie via /api). */
export function usageConsentOf(request: Pick<FastifyRequest, 'headers'>): boolean {
  const headers = request.headers;
  if (headers.dnt === '1' || headers['sec-gpc'] === '1') return false;
  if (headers[USAGE_CONSENT_HEADER] === '1') return true;
  return readCookie(request as FastifyRequest, CONSENT_COOKIE) === 'alle';
}
