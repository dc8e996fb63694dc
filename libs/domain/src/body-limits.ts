import { APPLICATION_LIMITS } from './labels-applications';
import { SUPPORT_LIMITS } from './labels-insight';

/** nest-api's parsers enforce these; the portal's /api proxy checks the same numbers first, so a body too large gets the Dutch 413 and is never streamed on. */
export const API_BODY_LIMITS = {
  /** JSON anywhere not named below (Hub Protocol registrations are the largest). */
  json: 1_048_576,
  /** Support requests: three attachments at their limit plus the text fields and the framing. */
  multipart: SUPPORT_LIMITS.attachments * SUPPORT_LIMITS.attachmentMaxBytes + 64 * 1024,
  image: APPLICATION_LIMITS.logoMaxBytes,
} as const;

/** Sign-in, sign-up and people never need more than a few kilobytes. */
const JSON_ROUTE_LIMITS: [prefix: string, bytes: number][] = [
  ['/api/auth/', 16 * 1024],
  ['/api/invitations', 16 * 1024],
  ['/api/users', 16 * 1024],
  ['/api/organizations', 64 * 1024],
];

export function jsonBodyLimit(url: string): number {
  const path = url.split('?')[0];
  return JSON_ROUTE_LIMITS.find(([prefix]) => path.startsWith(prefix))?.[1] ?? API_BODY_LIMITS.json;
}

export const API_MULTIPART_PATH = '/api/support-requests';
const API_IMAGE_PATH = /^\/api\/(?:applications|organizations)\/[^/]+\/logo$/;

const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/** Multipart and images only on the routes that take them, so a large multipart post elsewhere is refused by its length, not streamed on. */
export function apiBodyLimit(url: string, contentType: string | undefined): number {
  const type = mediaType(contentType);
  const path = url.split('?')[0];
  if (type === 'multipart/form-data' && path === API_MULTIPART_PATH) return API_BODY_LIMITS.multipart;
  if ((type.startsWith('image/') || type === 'application/octet-stream') && API_IMAGE_PATH.test(path)) return API_BODY_LIMITS.image;
  return jsonBodyLimit(url);
}

const LOGO_FORM_EXTRA = 64 * 1024;
const PORTAL_UPLOAD_ROUTES: [path: RegExp, limit: PortalUploadLimit][] = [
  [/^\/hulp$/, { bytes: API_BODY_LIMITS.multipart, inPage: true }],
  [/^\/(?:mijn-organisatie|organisatie\/[^/]+|beheer-applicatie\/[^/]+)$/, { bytes: APPLICATION_LIMITS.logoMaxBytes + LOGO_FORM_EXTRA, inPage: true }],
];

/** `inPage`: the page's action answers the 413 in its form (told by UPLOAD_TOO_LARGE_HEADER); otherwise a bare Dutch 413 page. */
export type PortalUploadLimit = { bytes: number; inPage: boolean };

/** Set by the portal's server, never passed on from the client. */
export const UPLOAD_TOO_LARGE_HEADER = 'x-datahub-upload-too-large';

/** Checked against Content-Length before the body is read; url-encoded forms have no limit here (null). */
export function portalMultipartLimit(url: string, contentType: string | undefined): PortalUploadLimit | null {
  if (mediaType(contentType) !== 'multipart/form-data') return null;
  // A Remix single-fetch submission ('/hulp.data', the index route's '/_root.data') names the same page.
  const path = url.split('?')[0].replace(/\/_root\.data$/, '/').replace(/\.data$/, '').replace(/(.)\/+$/, '$1');
  return PORTAL_UPLOAD_ROUTES.find(([pattern]) => pattern.test(path))?.[1] ?? { bytes: API_BODY_LIMITS.json, inPage: false };
}
