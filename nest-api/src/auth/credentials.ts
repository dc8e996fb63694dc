import { parse } from 'cookie';
import type { FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_COOKIE } from '@datahub/domain/server';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header ? parse(header)[name] : undefined;
}

/** The bearer header wins; otherwise the portal's HttpOnly cookie (requests through the /api proxy). */
export function extractAccessToken(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match ? { token: match[1], via: 'bearer' } : null;
  }
  const cookie = readCookie(request, ACCESS_TOKEN_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}
