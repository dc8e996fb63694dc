import { Form } from '@remix-run/react';
import { API_TOKEN_EXPIRY_DAYS, API_TOKEN_LABELS as L, API_TOKEN_SCOPE_LABELS, API_TOKEN_SCOPES, formatDateTimeLong } from '@datahub/domain';
import type { ApiTokenRow, TokenReply } from '~/lib/account/api-tokens.server';
import { ConfirmAction, type ConfirmActionProps } from '~/components/core/confirm-action';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, useIsPending } from '~/components/core/form-controls';
import { KeptFormScope, useKeptTicks, useWithKept } from '~/components/core/kept-form';
import { SecretOnce } from '~/components/account/secret-once';
import { useShownOnce } from '~/components/core/shown-once';
import { ScrollRegion } from '~/components/core/scroll-region';

const inputClass = 'mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-stone-900 shadow-sm outline-none focus:ring-2 focus:ring-brand-500';

const time = (value: string) => formatDateTimeLong(value);

export function revokeTokenConfirmation(token: { id: string; name: string }, action: string, base: string): ConfirmActionProps {
  return {
    label: L.revoke,
    accessibleName: `${L.revoke}: ${token.name}`,
    title: `${L.revoke}: ${token.name}?`,
    description: L.revokeQuestion(token.name),
    confirmLabel: L.revoke,
    action,
    fields: { intent: 'api-token-revoke', token_id: token.id },
    confirmHref: `${base}/${token.id}/intrekken`,
  };
}

function CreateForm({ action, reply }: { action: string; reply?: TokenReply }) {
  const pending = useIsPending(action);
  return (
    <Form method="post" action={action} noValidate className="mt-4 space-y-4" aria-label={L.create}>
      {/* On /profiel and /mijn-organisatie beside other forms: kept values come back here only. */}
      <KeptFormScope id="api-token">
        <CreateFields reply={reply} pending={pending} />
      </KeptFormScope>
    </Form>
  );
}

function CreateFields({ reply, pending }: { reply?: TokenReply; pending: boolean }) {
  const values = useWithKept<Record<string, string | undefined>>(reply?.values ?? {});
  const isTicked = useKeptTicks('scopes');
  const errors = reply?.fieldErrors ?? {};
  const expiryError = errors.expires_in_days ?? errors.expires_on;
  return (
    <>
      <FormError message={reply?.formError} />
      <div>
        <label htmlFor="token-name" className="block text-sm font-medium text-stone-800">
          {L.name}
        </label>
        <input id="token-name" name="name" required maxLength={100} defaultValue={values.name} className={inputClass} aria-invalid={errors.name ? true : undefined} />
        {errors.name ? <p className="mt-1 text-sm font-medium text-red-700">{errors.name}</p> : null}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">{L.expiry}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {API_TOKEN_EXPIRY_DAYS.map((days) => (
            <label key={days} className="flex items-center gap-2 text-sm text-stone-800">
              <input type="radio" name="expiry" value={String(days)} defaultChecked={(values.expiry ?? '90') === String(days)} />
              {L.expiryDays(days)}
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input type="radio" name="expiry" value="date" defaultChecked={values.expiry === 'date'} />
            {L.expiryDate}
          </label>
        </div>
        <label htmlFor="token-expires-on" className="mt-2 block text-sm text-stone-700">
          {L.expiryDateField}
        </label>
        <input id="token-expires-on" name="expires_on" type="date" defaultValue={values.expires_on} className={inputClass} />
        {expiryError ? <p className="mt-1 text-sm font-medium text-red-700">{expiryError}</p> : null}
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">{L.scopes}</legend>
        {API_TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="mt-1 flex items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" name="scopes" value={scope} defaultChecked={isTicked(scope, !reply?.values || reply.values.scopes === scope)} />
            {API_TOKEN_SCOPE_LABELS[scope]}
          </label>
        ))}
        {errors.scopes ? <p className="mt-1 text-sm font-medium text-red-700">{errors.scopes}</p> : null}
      </fieldset>
      <input type="hidden" name="intent" value="api-token" />
      <CsrfInput />
      <SubmitButton pending={pending} pendingLabel={L.creating}>
        {L.create}
      </SubmitButton>
    </>
  );
}

export function ApiTokensSection({
  tokens,
  reply,
  intro,
  action,
  confirmBase,
}: {
  tokens: ApiTokenRow[];
  reply?: TokenReply;
  intro: string;
  action: string;
  /** `{confirmBase}/{id}/intrekken`, for browsers without JavaScript. */
  confirmBase: string;
}) {
  const created = useShownOnce('api-token');
  return (
    <section aria-labelledby="api-tokens" className="mt-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="api-tokens" className="text-lg font-semibold text-stone-900">
        {L.title}
      </h2>
      <p className="mt-2 text-sm text-stone-600">{intro}</p>
      {created ? <SecretOnce title={`${L.secretTitle}: ${created.name}`} note={L.secretOnce} secret={created.token} testId="api-token-secret" /> : null}
      <CreateForm action={action} reply={reply} />
      {tokens.length === 0 ? (
        <p className="mt-6 text-sm text-stone-600">{L.none}</p>
      ) : (
        <ScrollRegion label={L.title} className="mt-6">
          <table className="min-w-full text-left text-sm" data-testid="api-tokens-table">
            <thead className="text-stone-600">
              <tr>
                <th className="py-2 pr-4 font-medium">{L.name}</th>
                <th className="py-2 pr-4 font-medium">{L.scopes}</th>
                <th className="py-2 pr-4 font-medium">{L.createdBy}</th>
                <th className="py-2 pr-4 font-medium">{L.createdAt}</th>
                <th className="py-2 pr-4 font-medium">{L.expiresAt}</th>
                <th className="py-2 pr-4 font-medium">{L.lastUsed}</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">{L.revoke}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {tokens.map((token) => (
                <tr key={token.id}>
                  <td className="py-2 pr-4 font-medium text-stone-900">{token.name}</td>
                  <td className="py-2 pr-4">{token.scopes.join(', ')}</td>
                  <td className="py-2 pr-4">{token.created_by}</td>
                  <td className="py-2 pr-4">{time(token.created_at)}</td>
                  <td className="py-2 pr-4">{time(token.expires_at)}</td>
                  <td className="py-2 pr-4">{token.last_used_at ? `${time(token.last_used_at)} (${token.last_used_address ?? '?'})` : L.neverUsed}</td>
                  <td className="py-2">
                    <ConfirmAction {...revokeTokenConfirmation(token, action, confirmBase)} preventScrollReset />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
