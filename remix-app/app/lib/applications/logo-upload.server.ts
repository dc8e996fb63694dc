import {
  data,
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node';
import { APPLICATION_FIELD_ERRORS, APPLICATION_LABELS, APPLICATION_LIMITS, UPLOAD_TOO_LARGE_HEADER } from '@datahub/domain';
import { apiGet, apiRequest } from '../core/api.server';
import { requireValidCsrf } from '../core/csrf.server';
import { textField, type FormReply } from '../core/forms';
import { flashCookie } from '../core/session.server';
import { readForm } from '../core/action.server';

const L = APPLICATION_LABELS.logo;

type LogoReply = FormReply & { intent: 'logo' };

export function isMultipart(request: Request): boolean {
  return (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data');
}

/** Multipart, so it works without JavaScript; read into memory up to the limit only, sent as the raw body. nest-api checks the bytes. */
type LogoTarget = { kind: 'application'; id: string } | { kind: 'organization'; id: string };

function logoCall(request: Request, target: LogoTarget, method: 'put' | 'delete', image?: Blob) {
  const options = { refusals: 'return' as const, ...(image ? { raw: { body: image, contentType: image.type || 'application/octet-stream' } } : {}) };
  if (target.kind === 'application') return apiRequest(request, method, '/api/applications/{id}/logo', { params: { path: { id: target.id } } }, options);
  return apiRequest(request, method, '/api/organizations/{organization_id}/logo', { params: { path: { organization_id: target.id } } }, options);
}

export async function logoAction(request: Request, target: LogoTarget, backTo: string) {
  // Declared larger than the form takes (the portal's server checked the length): refused unread.
  if (request.headers.get(UPLOAD_TOO_LARGE_HEADER)) return data<LogoReply>({ intent: 'logo', formError: APPLICATION_FIELD_ERRORS.logoSize }, { status: 413 });
  let formData: FormData;
  try {
    formData = await readForm(
      request,
      (r) => unstable_parseMultipartFormData(r, unstable_createMemoryUploadHandler({ maxPartSize: APPLICATION_LIMITS.logoMaxBytes })),
      (error) => error instanceof MaxPartSizeExceededError,
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return data<LogoReply>({ intent: 'logo', formError: APPLICATION_FIELD_ERRORS.logoSize }, { status: 413 });
    throw error;
  }
  const refused = requireValidCsrf(request, formData);
  if (refused) return refused;
  if (textField(formData, 'intent') === 'logo-verwijderen') {
    const result = await logoCall(request, target, 'delete');
    if (!result.ok) return data<LogoReply>({ intent: 'logo', formError: L.failed }, { status: result.status });
    return redirect(backTo, { headers: { 'Set-Cookie': await flashCookie(request, L.removed) } });
  }
  const file = formData.get('logo');
  if (!(file instanceof Blob) || file.size === 0) return data<LogoReply>({ intent: 'logo', formError: APPLICATION_FIELD_ERRORS.logoMissing }, { status: 422 });
  const result = await logoCall(request, target, 'put', file);
  if (!result.ok) {
    const message = result.status === 413 ? APPLICATION_FIELD_ERRORS.logoSize : (result.error.errors?.logo ?? L.failed);
    return data<LogoReply>({ intent: 'logo', formError: message }, { status: result.status });
  }
  return redirect(backTo, { headers: { 'Set-Cookie': await flashCookie(request, L.uploaded) } });
}

export async function organizationLogoAction(request: Request, organizationSlug: string, backTo: string) {
  const organization = await apiGet(request, '/api/organizations/{slug}', { params: { path: { slug: organizationSlug } } });
  return logoAction(request, { kind: 'organization', id: organization.organization_id }, backTo);
}
