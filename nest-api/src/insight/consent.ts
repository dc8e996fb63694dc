import type { FastifyRequest } from 'fastify';
import { CONSENT_COOKIE, USAGE_CONSENT_HEADER } from '@datahub/domain';
import { readCookie } from '../auth/credentials';

/**
 * Whether usage of this request may be recorded: never with Do-Not-Track or Global Privacy
 * Control; otherwise only when the visitor accepted (the portal's header on its own calls, the
 * consent cookie on browser calls through the /api proxy).
 */
export function usageConsentOf(request: Pick<FastifyRequest, 'headers'>): boolean {
  const headers = request.headers;
  if (headers.dnt === '1' || headers['sec-gpc'] === '1') return false;
  if (headers[USAGE_CONSENT_HEADER] === '1') return true;
  return readCookie(request as FastifyRequest, CONSENT_COOKIE) === 'alle';
}
