import { data, redirect } from '@remix-run/node';
import { WEBHOOK_LABELS, isEventKind } from '@datahub/domain';
import { keepShownOnce } from '../core/shown-once.server';
import { apiRequest } from '../core/api.server';
import { flashCookie } from '../core/session.server';
import { fieldErrorsOf, keptValues, textField, type FormReply } from '../core/forms';

export interface WebhookDeliveryRow {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  response_status: number | null;
  duration_ms: number | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
}

export interface WebhookRow {
  id: string;
  url: string;
  kinds: string[];
  created_by: string;
  created_at: string;
  failing_since: string | null;
  disabled_at: string | null;
  deliveries: WebhookDeliveryRow[];
}

export type WebhookReply = FormReply & { intent: 'webhook' };

const path = (organizationId: string) => ({ params: { path: { organization_id: organizationId } } });
const onePath = (organizationId: string, webhookId: string) => ({ params: { path: { organization_id: organizationId, webhook_id: webhookId } } });

async function done(request: Request, back: string, message: string) {
  return redirect(back, { headers: { 'Set-Cookie': await flashCookie(request, message) } });
}

const failed = (status: number) => data<WebhookReply>({ intent: 'webhook', formError: WEBHOOK_LABELS.failed }, { status });

/** Intents webhook, webhook-remove, webhook-enable, webhook-resend; null: not ours. */
export async function webhookAction(request: Request, formData: FormData, organizationId: string, back: string) {
  const intent = textField(formData, 'intent');
  const webhookId = textField(formData, 'webhook_id');
  const refusals = { refusals: 'return' } as const;
  if (intent === 'webhook-remove') {
    const result = await apiRequest(request, 'delete', '/api/organizations/{organization_id}/webhooks/{webhook_id}', onePath(organizationId, webhookId), refusals);
    return result.ok || result.status === 404 ? done(request, back, WEBHOOK_LABELS.removed) : failed(result.status);
  }
  if (intent === 'webhook-enable') {
    const result = await apiRequest(request, 'post', '/api/organizations/{organization_id}/webhooks/{webhook_id}/enable', onePath(organizationId, webhookId), refusals);
    return result.ok ? done(request, back, WEBHOOK_LABELS.enabled) : failed(result.status);
  }
  if (intent === 'webhook-resend') {
    const params = { params: { path: { organization_id: organizationId, webhook_id: webhookId, delivery_id: textField(formData, 'delivery_id') } } };
    const result = await apiRequest(request, 'post', '/api/organizations/{organization_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/resend', params, refusals);
    return result.ok ? done(request, back, WEBHOOK_LABELS.resent) : failed(result.status);
  }
  if (intent !== 'webhook') return null;
  const kinds = formData.getAll('kinds').filter(isEventKind);
  const body = { url: textField(formData, 'url'), kinds };
  const result = await apiRequest(request, 'post', '/api/organizations/{organization_id}/webhooks', { ...path(organizationId), body }, refusals);
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.error);
    const formError = result.status === 409 ? WEBHOOK_LABELS.limitReached : fieldErrors ? undefined : WEBHOOK_LABELS.failed;
    return data<WebhookReply>({ intent: 'webhook', formError, fieldErrors, values: { ...keptValues(formData), kinds: kinds.join(',') } }, { status: result.status });
  }
  // Kept for one view of `back` (post/redirect/get, ADR 0034): a reload neither adds a second webhook nor shows the secret again.
  return redirect(back, { headers: { 'Set-Cookie': keepShownOnce(request, back, { kind: 'webhook', url: result.data.url, secret: result.data.secret }) } });
}

