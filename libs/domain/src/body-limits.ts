import { APPLICATION_LIMITS } from './labels-applications';
import { SUPPORT_LIMITS } from './labels-insight';

/**
 * How large a request body nest-api takes, per route and content type. nest-api's body parsers
 * enforce these; the portal's /api proxy checks the same numbers first (declared and streamed
 * bytes), so a body too large for nest-api gets the Dutch 413 and is never streamed on.
 */
export const API_BODY_LIMITS = {
  /** JSON anywhere not named below (Hub Protocol registrations are the largest). */
  json: 1_048_576,
  /** Support requests: three attachments at their limit plus the text fields and the framing. */
  multipart: SUPPORT_LIMITS.attachments * SUPPORT_LIMITS.attachmentMaxBytes + 64 * 1024,
  /** Logos, sent as the raw body. */
  image: APPLICATION_LIMITS.logoMaxBytes,
} as const;

/** Smaller JSON limits per path prefix: sign-in, sign-up and people never need more than a few kilobytes. */
const JSON_ROUTE_LIMITS: [prefix: string, bytes: number][] = [
  ['/api/auth/', 16 * 1024],
  ['/api/invitations', 16 * 1024],
  ['/api/users', 16 * 1024],
  ['/api/organizations', 64 * 1024],
];

/** The JSON limit of a URL's path. */
export function jsonBodyLimit(url: string): number {
  const path = url.split('?')[0];
  return JSON_ROUTE_LIMITS.find(([prefix]) => path.startsWith(prefix))?.[1] ?? API_BODY_LIMITS.json;
}

/** The most nest-api takes for this URL and content type (anything it does not parse: the JSON limit, as nest-api refuses it anyway). */
export function apiBodyLimit(url: string, contentType: string | undefined): number {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'multipart/form-data') return API_BODY_LIMITS.multipart;
  if (type.startsWith('image/') || type === 'application/octet-stream') return API_BODY_LIMITS.image;
  return jsonBodyLimit(url);
}
