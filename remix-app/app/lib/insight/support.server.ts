import {
  data,
  redirect,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from '@remix-run/node';
import { ERROR_TEXTS, SUPPORT_FIELD_ERRORS, SUPPORT_LIMITS, UPLOAD_TOO_LARGE_HEADER } from '@datahub/domain';
import { apiRequest } from '../core/api.server';
import { requireCurrentUserWithPermissions } from '../account/auth.server';
import { requireValidCsrf } from '../core/csrf.server';
import { fieldErrorsOf, keptValues, textField, type FormReply } from '../core/forms';
import { isMultipart } from '../applications/logo-upload.server';
import { readForm } from '../core/action.server';

const TOO_LARGE = 'te-groot';
const TOO_MANY = 'te-veel';

export type SupportReply = FormReply & { sent?: boolean };

/** Read up to their limit only; a larger or fourth one becomes a marker instead of aborting the parse, so the typed text comes back with the error. */
function attachmentHandler(): UploadHandler {
  let kept = 0;
  return async ({ name, filename, contentType, data: chunks }) => {
    if (name !== 'attachments' || filename === undefined) return undefined;
    const parts: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of chunks) {
      size += chunk.byteLength;
      if (size <= SUPPORT_LIMITS.attachmentMaxBytes) parts.push(chunk);
    }
    if (!filename && size === 0) return undefined;
    if (size > SUPPORT_LIMITS.attachmentMaxBytes) return TOO_LARGE;
    kept += 1;
    if (kept > SUPPORT_LIMITS.attachments) return TOO_MANY;
    return new File(parts as BlobPart[], filename, { type: contentType });
  };
}

/** Checked here for the quick errors, then by nest-api, which stores and mails it. */
export async function supportAction(args: { request: Request; context: unknown }) {
  const { request } = args;
  await requireCurrentUserWithPermissions(args as never);
  // Declared larger than three attachments at their limit (the portal's server checked the length): refused unread.
  if (request.headers.get(UPLOAD_TOO_LARGE_HEADER)) return data<SupportReply>({ fieldErrors: { attachments: SUPPORT_FIELD_ERRORS.tooLarge } }, { status: 413 });
  const formData = await readForm(request, (r) =>
    isMultipart(r)
      ? unstable_parseMultipartFormData(r, unstable_composeUploadHandlers(attachmentHandler(), unstable_createMemoryUploadHandler({ maxPartSize: 64 * 1024 })))
      : r.formData(),
  );
  const refused = requireValidCsrf(request, formData);
  if (refused) return refused;
  const values = keptValues(formData);
  const markers = formData.getAll('attachments').filter((value) => typeof value === 'string');
  if (markers.length > 0) {
    const attachments = markers.includes(TOO_MANY) ? SUPPORT_FIELD_ERRORS.tooMany : SUPPORT_FIELD_ERRORS.tooLarge;
    return data<SupportReply>({ fieldErrors: { attachments }, values }, { status: 422 });
  }
  const outgoing = new FormData();
  for (const name of ['kind', 'summary', 'description', 'email']) outgoing.set(name, textField(formData, name));
  for (const file of formData.getAll('attachments')) if (file instanceof Blob && file.size > 0) outgoing.append('attachments', file);
  const encoded = new Response(outgoing);
  const body = await encoded.blob();
  const result = await apiRequest(request, 'post', '/api/support-requests', {} as never, {
    refusals: 'return',
    raw: { body, contentType: encoded.headers.get('Content-Type')! },
  });
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.error);
    return data<SupportReply>({ formError: fieldErrors ? undefined : ERROR_TEXTS.generic, fieldErrors, values }, { status: result.status });
  }
  if (textField(formData, 'weergave') === 'lade') return data<SupportReply>({ sent: true });
  return redirect('/hulp?verstuurd=1');
}
