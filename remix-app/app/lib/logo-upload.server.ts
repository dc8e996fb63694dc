import {
  data,
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node';
import { APPLICATION_FIELD_ERRORS, APPLICATION_LABELS, APPLICATION_LIMITS } from '@datahub/domain';
import { apiRequest } from './api.server';
import { requireValidCsrf } from './csrf.server';
import { textField, type FormReply } from './forms';
import { flashCookie } from './session.server';

const L = APPLICATION_LABELS.logo;

export type LogoReply = FormReply & { intent: 'logo' };

export function isMultipart(request: Request): boolean {
  return (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data');
}

/**
 * The logo form (multipart, so it works without JavaScript): the file is read into memory up to
 * the limit only, then sent to nest-api as the raw body of `apiPath` (PUT), or removed (DELETE).
 * nest-api checks the bytes; success redirects back to `backTo` with a flash.
 */
export async function logoAction(request: Request, apiPath: string, backTo: string) {
  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: APPLICATION_LIMITS.logoMaxBytes }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return data<LogoReply>({ intent: 'logo', formError: APPLICATION_FIELD_ERRORS.logoSize }, { status: 413 });
    throw error;
  }
  const refused = requireValidCsrf(request, formData);
  if (refused) return refused;
  if (textField(formData, 'intent') === 'logo-verwijderen') {
    const result = await apiRequest(request, apiPath, { method: 'DELETE', refusals: 'return' });
    if (!result.ok) return data<LogoReply>({ intent: 'logo', formError: L.failed }, { status: result.status });
    return redirect(backTo, { headers: { 'Set-Cookie': await flashCookie(request, L.removed) } });
  }
  const file = formData.get('logo');
  if (!(file instanceof Blob) || file.size === 0) return data<LogoReply>({ intent: 'logo', formError: APPLICATION_FIELD_ERRORS.logoMissing }, { status: 422 });
  const result = await apiRequest(request, apiPath, {
    method: 'PUT',
    raw: { body: file, contentType: file.type || 'application/octet-stream' },
    refusals: 'return',
  });
  if (!result.ok) {
    const message = result.status === 413 ? APPLICATION_FIELD_ERRORS.logoSize : (result.error.errors?.logo ?? L.failed);
    return data<LogoReply>({ intent: 'logo', formError: message }, { status: result.status });
  }
  return redirect(backTo, { headers: { 'Set-Cookie': await flashCookie(request, L.uploaded) } });
}

/** The logo form on an organisation page (/mijn-organisatie, /organisatie/{slug}). */
export async function organizationLogoAction(request: Request, organizationSlug: string, backTo: string) {
  const organization = await apiRequest<{ organization_id: string }>(request, `/api/organizations/${encodeURIComponent(organizationSlug)}`);
  if (!organization.ok) throw new Response(null, { status: organization.status });
  return logoAction(request, `/api/organizations/${encodeURIComponent(organization.data.organization_id)}/logo`, backTo);
}
