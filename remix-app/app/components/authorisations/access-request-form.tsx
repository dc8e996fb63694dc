import { Form, Link } from '@remix-run/react';
import { ACCESS_REQUEST_LABELS as L, formatDateLong, scopeLabel, type AccessRequestStatus } from '@datahub/domain';
import type { AccessRequestReply } from '~/lib/authorisations/access-requests.server';
import { describedBy } from '~/lib/core/forms';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, TextField, useIsPending } from '~/components/core/form-controls';
import { ScopeCheckboxes } from '~/components/authorisations/scope-checkboxes';
import { useWithKept } from '~/components/core/kept-form';
import { sectionClass } from '~/components/datasets/dataset-cards';

/** A plain form posted to /dataset/{slug}/toegang-aanvragen, which comes back here with a flash or the form's errors. */
export function AccessRequestSection({ dataset, reply }: { dataset: { id: string; slug: string; ownerName: string }; reply?: AccessRequestReply }) {
  const action = `/dataset/${encodeURIComponent(dataset.slug)}/toegang-aanvragen`;
  const pending = useIsPending(action);
  const errors = reply?.fieldErrors ?? {};
  const values = useWithKept<Record<string, string | undefined>>(reply?.values ?? {});
  return (
    <section aria-labelledby="toegang-aanvragen" className={sectionClass}>
      <h2 id="toegang-aanvragen" className="text-xl font-semibold text-stone-900">
        {L.title}
      </h2>
      <p className="mt-2 text-stone-600">{L.intro(dataset.ownerName)}</p>
      <Form method="post" action={action} noValidate className="mt-4 space-y-4">
        <CsrfInput />
        <input type="hidden" name="dataset_id" value={dataset.id} />
        <FormError message={reply?.formError ?? errors.dataset} />
        <ScopeCheckboxes legend={L.categories} ticked={new Set(reply?.scopes ?? [])} error={errors.authorisations} />
        <div>
          <label htmlFor="reason" className="block text-sm font-medium text-stone-800">
            {L.reason}
          </label>
          <textarea
            id="reason"
            name="reason"
            rows={3}
            defaultValue={values.reason ?? ''}
            {...describedBy('reason', { error: errors.reason, hint: L.reasonHint })}
            className={`mt-1 block w-full rounded-md border px-3 py-2 text-stone-900 shadow-sm ${errors.reason ? 'border-red-600' : 'border-stone-300'}`}
          />
          <p id="reason-hint" className="mt-1 text-sm text-stone-500">
            {L.reasonHint}
          </p>
          {errors.reason ? (
            <p id="reason-error" className="mt-1 text-sm font-medium text-red-700">
              {errors.reason}
            </p>
          ) : null}
        </div>
        <TextField name="expiration_date" type="date" label={L.expiration} defaultValue={values.expiration_date ?? ''} error={errors.expiration_date} />
        <SubmitButton pending={pending} pendingLabel={L.submit}>
          {L.submit}
        </SubmitButton>
      </Form>
    </section>
  );
}

export interface OpenAccessRequest {
  created_at: string;
  byYou: boolean;
  authorisations: string[];
  status: string;
  /** AuthorisationAssignment.Read; otherwise no link there. */
  listed: boolean;
}

/** In place of the form: asking again would be refused. */
export function OpenAccessRequestSection({ request }: { request: OpenAccessRequest }) {
  const date = formatDateLong(request.created_at);
  return (
    <section aria-labelledby="toegang-aanvragen" className={sectionClass} data-testid="open-access-request">
      <h2 id="toegang-aanvragen" className="text-xl font-semibold text-stone-900">
        {L.title}
      </h2>
      <p className="mt-2 text-stone-800">{request.byYou ? L.openRequestByYou(date) : L.openRequestByOrganization(date)}</p>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium text-stone-600">{L.openRequestStatus}</dt>
        <dd className="text-stone-900">{L.status[request.status as AccessRequestStatus] ?? request.status}</dd>
        <dt className="font-medium text-stone-600">{L.openRequestScopes}</dt>
        <dd className="text-stone-900">{request.authorisations.map(scopeLabel).join(', ')}</dd>
      </dl>
      {request.listed ? (
        <p className="mt-3">
          <Link to="/machtigingen" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {L.openRequestWhere}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
