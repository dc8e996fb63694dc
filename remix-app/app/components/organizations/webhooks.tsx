import { Form } from '@remix-run/react';
import {
  EVENT_KINDS,
  EVENT_KIND_LABELS,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_LABELS as L,
  formatDateTimeLong,
  isEventKind,
} from '@datahub/domain';
import type { WebhookReply, WebhookRow } from '~/lib/organizations/webhooks.server';
import { ConfirmAction, type ConfirmActionProps } from '~/components/core/confirm-action';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, TextField, useIsPending } from '~/components/core/form-controls';
import { KeptFormScope, useKeptTicks } from '~/components/core/kept-form';
import { SecretOnce } from '~/components/account/secret-once';
import { useShownOnce } from '~/components/core/shown-once';
import { ScrollRegion } from '~/components/core/scroll-region';

const ACTION = '/mijn-organisatie';
const smallButton = 'rounded-md border border-stone-300 bg-white px-3 py-1 text-sm font-medium text-stone-800 hover:bg-stone-50';

const time = (value: string) => formatDateTimeLong(value);

const kindLabel = (kind: string) => (isEventKind(kind) ? EVENT_KIND_LABELS[kind] : kind);

export function removeWebhookConfirmation(webhook: { id: string; url: string }): ConfirmActionProps {
  return {
    label: L.remove,
    accessibleName: `${L.remove}: ${webhook.url}`,
    title: L.removeTitle(webhook.url),
    description: L.removeQuestion(webhook.url),
    confirmLabel: L.remove,
    action: ACTION,
    fields: { intent: 'webhook-remove', webhook_id: webhook.id },
    confirmHref: `${ACTION}/webhooks/${webhook.id}/verwijderen`,
  };
}

/** Not irreversible, so no confirmation step. */
function PlainAction({ label, accessibleName, fields }: { label: string; accessibleName: string; fields: Record<string, string> }) {
  return (
    <Form method="post" action={ACTION} noValidate preventScrollReset>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <CsrfInput />
      <button type="submit" className={smallButton} aria-label={accessibleName}>
        {label}
      </button>
    </Form>
  );
}

function CreateForm({ reply }: { reply?: WebhookReply }) {
  const pending = useIsPending(ACTION);
  return (
    <Form method="post" action={ACTION} noValidate className="mt-4 space-y-4" aria-label={L.create}>
      {/* Beside the API-token form on /mijn-organisatie: kept values come back here only. */}
      <KeptFormScope id="webhook">
        <CreateFields reply={reply} pending={pending} />
      </KeptFormScope>
    </Form>
  );
}

function CreateFields({ reply, pending }: { reply?: WebhookReply; pending: boolean }) {
  const errors = reply?.fieldErrors ?? {};
  const chosen = reply?.values ? new Set((reply.values.kinds ?? '').split(',')) : null;
  const isTicked = useKeptTicks('kinds');
  return (
    <>
      <FormError message={reply?.formError} />
      <TextField name="url" label={L.url} type="url" required maxLength={2000} defaultValue={reply?.values?.url} error={errors.url} placeholder="https://" />
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">{L.kinds}</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {EVENT_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm text-stone-800">
              <input type="checkbox" name="kinds" value={kind} defaultChecked={isTicked(kind, chosen ? chosen.has(kind) : true)} />
              {EVENT_KIND_LABELS[kind]} <span className="font-mono text-xs text-stone-500">{kind}</span>
            </label>
          ))}
        </div>
        {errors.kinds ? <p className="mt-1 text-sm font-medium text-red-700">{errors.kinds}</p> : null}
      </fieldset>
      <input type="hidden" name="intent" value="webhook" />
      <CsrfInput />
      <SubmitButton pending={pending} pendingLabel={L.creating}>
        {L.create}
      </SubmitButton>
    </>
  );
}

function Deliveries({ webhook }: { webhook: WebhookRow }) {
  if (webhook.deliveries.length === 0) return <p className="mt-2 text-sm text-stone-600">{L.noDeliveries}</p>;
  return (
    <ScrollRegion label={`${L.deliveries}: ${webhook.url}`} className="mt-2">
      <table className="min-w-full text-left text-sm" data-testid="webhook-deliveries">
        <caption className="sr-only">{`${L.deliveries}: ${webhook.url}`}</caption>
        <thead className="text-stone-600">
          <tr>
            <th className="py-2 pr-4 font-medium">{L.event}</th>
            <th className="py-2 pr-4 font-medium">{L.status}</th>
            <th className="py-2 pr-4 font-medium">{L.attempts}</th>
            <th className="py-2 pr-4 font-medium">{L.responseCode}</th>
            <th className="py-2 pr-4 font-medium">{L.duration}</th>
            <th className="py-2 pr-4 font-medium">{L.lastAttempt}</th>
            <th className="py-2 font-medium">
              <span className="sr-only">{L.resend}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {webhook.deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <td className="py-2 pr-4">{kindLabel(delivery.kind)}</td>
              <td className="py-2 pr-4">{WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status as keyof typeof WEBHOOK_DELIVERY_STATUS_LABELS] ?? delivery.status}</td>
              <td className="py-2 pr-4">{delivery.attempts}</td>
              <td className="py-2 pr-4">{delivery.response_status ?? (delivery.attempts > 0 ? L.noResponse : '')}</td>
              <td className="py-2 pr-4">{delivery.duration_ms === null ? '' : L.durationMs(delivery.duration_ms)}</td>
              <td className="py-2 pr-4">{delivery.last_attempt_at ? time(delivery.last_attempt_at) : ''}</td>
              <td className="py-2">
                <PlainAction
                  label={L.resend}
                  accessibleName={`${L.resend}: ${kindLabel(delivery.kind)} ${delivery.id}`}
                  fields={{ intent: 'webhook-resend', webhook_id: webhook.id, delivery_id: delivery.id }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function Webhook({ webhook }: { webhook: WebhookRow }) {
  return (
    <li className="py-4" data-testid="webhook">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="break-all font-medium text-stone-900">{webhook.url}</p>
          <p className="text-sm text-stone-600">{L.createdBy(webhook.created_by, time(webhook.created_at))}</p>
          <p className="text-sm text-stone-600">{webhook.kinds.map(kindLabel).join(', ')}</p>
          <p className={`mt-1 text-sm font-medium ${webhook.disabled_at ? 'text-red-700' : 'text-emerald-700'}`}>{webhook.disabled_at ? L.disabled : L.active}</p>
          {webhook.failing_since && !webhook.disabled_at ? <p className="text-sm text-amber-700">{L.failingSince(time(webhook.failing_since))}</p> : null}
        </div>
        <div className="flex gap-2">
          {webhook.disabled_at ? <PlainAction label={L.enable} accessibleName={`${L.enable}: ${webhook.url}`} fields={{ intent: 'webhook-enable', webhook_id: webhook.id }} /> : null}
          <ConfirmAction {...removeWebhookConfirmation(webhook)} preventScrollReset />
        </div>
      </div>
      <h4 className="mt-3 text-sm font-semibold text-stone-800">{L.deliveries}</h4>
      <Deliveries webhook={webhook} />
    </li>
  );
}

export function WebhooksSection({ webhooks, reply }: { webhooks: WebhookRow[]; reply?: WebhookReply }) {
  const created = useShownOnce('webhook');
  return (
    <section id="webhooks" aria-labelledby="webhooks-title" className="mt-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="webhooks-title" className="text-lg font-semibold text-stone-900">
        {L.title}
      </h2>
      <p className="mt-2 text-sm text-stone-600">{L.intro}</p>
      {created ? <SecretOnce title={`${L.secretTitle}: ${created.url}`} note={L.secretOnce} secret={created.secret} testId="webhook-secret" /> : null}
      <CreateForm reply={reply} />
      {webhooks.length === 0 ? (
        <p className="mt-6 text-sm text-stone-600">{L.none}</p>
      ) : (
        <ul className="mt-6 divide-y divide-stone-200">
          {webhooks.map((webhook) => (
            <Webhook key={webhook.id} webhook={webhook} />
          ))}
        </ul>
      )}
    </section>
  );
}
