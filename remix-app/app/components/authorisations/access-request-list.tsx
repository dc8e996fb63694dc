import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { components } from '@datahub/api-client';
import { ACCESS_REQUEST_LABELS as L, AUTHORISATION_LABELS, formatDateSlashed, scopeLabel, type AccessRequestStatus } from '@datahub/domain';
import type { AccessRequestReply } from '~/lib/authorisations/access-requests.server';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError } from '~/components/core/form-controls';
import { ScopeCheckboxes } from '~/components/authorisations/scope-checkboxes';
import { KeptFormScope, useKeptValue } from '~/components/core/kept-form';

type AccessRequest = components['schemas']['AccessRequestView'];

const INPUT = 'mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-stone-900 shadow-sm';
const BUTTON = 'rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100';

function Summary({ request }: { request: AccessRequest }) {
  return (
    <dl className="mt-2 grid gap-1 text-sm text-stone-700">
      <div>
        <dt className="inline font-medium">{L.categories}: </dt>
        <dd className="inline">{request.authorisations.map(scopeLabel).join(', ')}</dd>
      </div>
      <div>
        <dt className="inline font-medium">{L.reason}: </dt>
        <dd className="inline whitespace-pre-line">{request.reason}</dd>
      </div>
      <div>
        <dt className="inline font-medium">{L.wished}: </dt>
        <dd className="inline">{request.expiration_date ? formatDateSlashed(request.expiration_date) : AUTHORISATION_LABELS.indefinite}</dd>
      </div>
      {request.requested_by_email ? (
        <div>
          <dt className="inline font-medium">{L.requestedBy}: </dt>
          <dd className="inline">{request.requested_by_email}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Hooks need a component inside the scope. */
function KeptField({ children }: { children: (kept: (name: 'expiration_date' | 'reason') => string | undefined) => ReactNode }) {
  const expiration = useKeptValue('expiration_date');
  const reason = useKeptValue('reason');
  return <>{children((name) => (name === 'reason' ? reason : expiration))}</>;
}

export function AccessRequestDecision({ request, reply }: { request: AccessRequest; reply?: AccessRequestReply }) {
  const prefix = `aanvraag-${request.access_request_id}-`;
  const action = `/machtigingen/aanvragen/${request.access_request_id}`;
  const errors = reply?.fieldErrors ?? {};
  const ticked = new Set<string>(reply?.scopes ?? request.authorisations);
  return (
    <li data-testid="access-request" className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <h3 className="font-semibold text-stone-900">
        {request.dataset_name} — {request.requester_organization_name}
      </h3>
      <Summary request={request} />
      <FormError message={reply?.formError} />
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <Form method="post" action={action} noValidate className="space-y-3">
          <CsrfInput />
          <input type="hidden" name="intent" value="goedkeuren" />
          {/* Several requests, each with two forms, on one page: kept values come back in the form that was posted. */}
          <KeptFormScope id={`${prefix}goedkeuren`}>
            <ScopeCheckboxes legend={L.categories} ticked={ticked} error={errors.authorisations} idPrefix={prefix} />
            <KeptField>
              {(kept) => (
                <div>
                  <label htmlFor={`${prefix}expiration`} className="block text-sm font-medium text-stone-800">
                    {AUTHORISATION_LABELS.create.expiration}
                  </label>
                  <input id={`${prefix}expiration`} name="expiration_date" type="date" defaultValue={kept('expiration_date') ?? reply?.values?.expiration_date ?? request.expiration_date ?? ''} className={INPUT} />
                  {errors.expiration_date ? <p className="mt-1 text-sm font-medium text-red-700">{errors.expiration_date}</p> : null}
                </div>
              )}
            </KeptField>
          </KeptFormScope>
          <button type="submit" className={BUTTON}>
            {L.approve}
          </button>
        </Form>
        <Form method="post" action={action} noValidate className="space-y-3">
          <CsrfInput />
          <input type="hidden" name="intent" value="afwijzen" />
          <KeptFormScope id={`${prefix}afwijzen`}>
            <KeptField>
              {(kept) => (
                <div>
                  <label htmlFor={`${prefix}reason`} className="block text-sm font-medium text-stone-800">
                    {L.declineReason}
                  </label>
                  <textarea id={`${prefix}reason`} name="reason" rows={3} defaultValue={kept('reason') ?? reply?.values?.reason ?? ''} aria-invalid={errors.reason ? true : undefined} className={INPUT} />
                  {errors.reason ? <p className="mt-1 text-sm font-medium text-red-700">{errors.reason}</p> : null}
                </div>
              )}
            </KeptField>
          </KeptFormScope>
          <button type="submit" className={BUTTON}>
            {L.decline}
          </button>
        </Form>
      </div>
    </li>
  );
}

export function ReceivedAccessRequests({ requests }: { requests: AccessRequest[] }) {
  const open = requests.filter((request) => request.status === 'open');
  return open.length === 0 ? (
    <p className="mt-3 text-stone-600">{L.empty}</p>
  ) : (
    <ul aria-label={L.tab} className="mt-4 space-y-4">
      {open.map((request) => (
        <AccessRequestDecision key={request.access_request_id} request={request} />
      ))}
    </ul>
  );
}

export function SentAccessRequests({ requests }: { requests: AccessRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <div className="mt-6">
      <h3 className="text-lg font-semibold text-stone-900">{L.sentRequests}</h3>
      <ul aria-label={L.sentRequests} className="mt-2 space-y-2">
        {requests.map((request) => (
          <li key={request.access_request_id} data-testid="sent-access-request" className="rounded-md border border-stone-200 bg-white px-4 py-3 text-sm">
            <span className="font-medium text-stone-900">{request.dataset_name}</span> ({request.owner_organization_name}):{' '}
            <span data-status={request.status}>{L.status[request.status as AccessRequestStatus]}</span>
            {' — '}
            {request.authorisations.map(scopeLabel).join(', ')}
            {request.decision_reason ? <span className="block text-stone-600">{request.decision_reason}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
