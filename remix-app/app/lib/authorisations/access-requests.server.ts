import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { ACCESS_REQUEST_FIELD_ERRORS, ACCESS_REQUEST_LABELS as L, AUTHORISATION_FIELD_ERRORS, AUTHORISATION_LABELS, isDatasetScope, type DatasetScope } from '@datahub/domain';
import { apiRequest } from '../core/api.server';
import { readSignedInAction } from '../core/action.server';
import { keptValues, textField, type FormReply } from '../core/forms';
import { flashCookie } from '../core/session.server';

export type AccessRequestReply = FormReply & { scopes?: string[] };

function scopesOf(formData: FormData): DatasetScope[] {
  return formData.getAll('authorisations').filter((value): value is DatasetScope => typeof value === 'string' && isDatasetScope(value));
}

function refusal(formData: FormData, fieldErrors: Record<string, string>, status: number, formError?: string) {
  return data<AccessRequestReply>({ fieldErrors, values: keptValues(formData), scopes: scopesOf(formData), ...(formError ? { formError } : {}) }, { status });
}

export async function accessRequestAction({ request, context, params }: ActionFunctionArgs) {
  const { formData, refused } = await readSignedInAction({ request, context });
  if (refused) return refused;
  const slug = params.slug ?? '';
  const datasetId = textField(formData, 'dataset_id');
  const scopes = scopesOf(formData);
  if (scopes.length === 0) return refusal(formData, { authorisations: AUTHORISATION_FIELD_ERRORS.scopesMissing }, 422);
  const expiration = textField(formData, 'expiration_date').trim();
  const result = await apiRequest(
    request,
    'post',
    '/api/datasets/{id}/access-requests',
    { params: { path: { id: datasetId } }, body: { authorisations: scopes, reason: textField(formData, 'reason'), ...(expiration ? { expiration_date: expiration } : {}) } },
    { refusals: 'return' },
  );
  if (!result.ok) return refusal(formData, result.error.errors ?? {}, result.status, result.error.errors ? undefined : AUTHORISATION_LABELS.create.failed);
  return redirect(`/dataset/${encodeURIComponent(slug)}`, { headers: { 'Set-Cookie': await flashCookie(request, L.sent(result.data.dataset_name)) } });
}

export async function decideAccessRequestAction({ request, context, params }: ActionFunctionArgs) {
  const { formData, refused } = await readSignedInAction({ request, context });
  if (refused) return refused;
  const id = params.id ?? '';
  const intent = textField(formData, 'intent');
  if (intent === 'goedkeuren') {
    const scopes = scopesOf(formData);
    if (scopes.length === 0) return refusal(formData, { authorisations: AUTHORISATION_FIELD_ERRORS.scopesMissing }, 422);
    const expiration = textField(formData, 'expiration_date').trim();
    const result = await apiRequest(request, 'post', '/api/access-requests/{id}/approve', { params: { path: { id } }, body: { authorisations: scopes, expiration_date: expiration } }, { refusals: 'return' });
    if (!result.ok) return refusal(formData, result.error.errors ?? {}, result.status, result.error.errors?.status ?? (result.error.errors ? undefined : AUTHORISATION_LABELS.create.failed));
    return redirect('/machtigingen', { headers: { 'Set-Cookie': await flashCookie(request, L.approved(result.data.dataset_name, result.data.requester_organization_name)) } });
  }
  if (intent === 'afwijzen') {
    const reason = textField(formData, 'reason');
    if (!reason.trim()) return refusal(formData, { reason: ACCESS_REQUEST_FIELD_ERRORS.declineReasonMissing }, 422);
    const result = await apiRequest(request, 'post', '/api/access-requests/{id}/decline', { params: { path: { id } }, body: { reason } }, { refusals: 'return' });
    if (!result.ok) return refusal(formData, result.error.errors ?? {}, result.status, result.error.errors?.status ?? (result.error.errors ? undefined : AUTHORISATION_LABELS.create.failed));
    return redirect('/machtigingen', { headers: { 'Set-Cookie': await flashCookie(request, L.declined(result.data.dataset_name, result.data.requester_organization_name)) } });
  }
  return data<AccessRequestReply>({ formError: AUTHORISATION_LABELS.create.failed }, { status: 400 });
}
