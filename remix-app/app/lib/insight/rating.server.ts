import { ERROR_TEXTS } from '@datahub/domain';
import { apiRequest } from '../core/api.server';
import { fieldErrorsOf, keptValues, textField, type FormReply } from '../core/forms';

export async function submitRating(request: Request, formData: FormData): Promise<{ ok: true } | { ok: false; status: number; reply: FormReply }> {
  const dismiss = textField(formData, 'action') === 'dismiss';
  const score = Number(textField(formData, 'score'));
  const comment = textField(formData, 'comment').trim();
  const body = dismiss
    ? { action: 'dismiss' as const }
    : { action: 'rate' as const, ...(Number.isInteger(score) && score > 0 ? { score } : {}), ...(comment ? { comment } : {}) };
  const result = await apiRequest(request, 'post', '/api/ratings', { body });
  if (result.ok) return { ok: true };
  const fieldErrors = fieldErrorsOf(result.error);
  return { ok: false, status: result.status, reply: { formError: fieldErrors ? undefined : ERROR_TEXTS.generic, fieldErrors, values: keptValues(formData) } };
}
