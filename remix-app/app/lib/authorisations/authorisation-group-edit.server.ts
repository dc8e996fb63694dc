import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { AUTHORISATION_CARD_LABELS as C, AUTHORISATION_FIELD_ERRORS, isDatasetScope, type DatasetScope } from '@datahub/domain';
import { apiRequest } from '../core/api.server';
import { readSignedInAction } from '../core/action.server';
import { keptValues, textField, type FormReply } from '../core/forms';
import { flashCookie } from '../core/session.server';

export type GroupEditReply = FormReply & { scopes?: string[] };

function scopesOf(formData: FormData): DatasetScope[] {
  return formData.getAll('authorisations').filter((value): value is DatasetScope => typeof value === 'string' && isDatasetScope(value));
}

/** nest-api replaces the grants in one transaction and checks every rule; a refusal keeps every choice. */
export async function editAuthorisationGroupAction({ request, context }: ActionFunctionArgs) {
  const { formData, refused } = await readSignedInAction({ request, context });
  if (refused) return refused;
  const scopes = scopesOf(formData);
  const reply = (fieldErrors: Record<string, string>, status: number, formError?: string) =>
    data<GroupEditReply>({ fieldErrors, values: keptValues(formData), scopes, ...(formError ? { formError } : {}) }, { status });
  if (scopes.length === 0) return reply({ authorisations: AUTHORISATION_FIELD_ERRORS.scopesMissing }, 422);

  const dataset = { id: textField(formData, 'dataset_id'), name: textField(formData, 'dataset_name') };
  const assignee = { id: textField(formData, 'assignee_organization'), name: textField(formData, 'assignee_organization_name') };
  const result = await apiRequest(
    request,
    'put',
    '/api/authorisation-groups/{dataset_id}/{organization_id}',
    { params: { path: { dataset_id: dataset.id, organization_id: assignee.id } }, body: { authorisations: scopes, expiration_date: textField(formData, 'expiration_date').trim() } },
    { refusals: 'return' },
  );
  if (!result.ok) {
    const { dataset: datasetError, ...fieldErrors } = result.error.errors ?? {};
    return reply(fieldErrors, result.status, datasetError ?? (Object.keys(fieldErrors).length > 0 ? undefined : C.failed));
  }
  const message = result.data.changed ? C.saved(dataset.name, assignee.name) : C.unchanged;
  return redirect('/machtigingen', { headers: { 'Set-Cookie': await flashCookie(request, message) } });
}
