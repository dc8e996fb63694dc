import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { AUTHORISATION_FIELD_ERRORS, AUTHORISATION_LABELS, isDatasetScope, type DatasetScope } from '@datahub/domain';
import { apiRequest } from '../core/api.server';
import { READ_ALL } from './authorisations';
import { keptValues, textField, type FormReply } from '../core/forms';
import { flashCookie } from '../core/session.server';
import { readSignedInAction } from '../core/action.server';

const L = AUTHORISATION_LABELS;

export type RevokeReply = FormReply;

function revokeTarget(formData: FormData) {
  return {
    dataset_id: textField(formData, 'dataset_id'),
    dataset_name: textField(formData, 'dataset_name'),
    assignee_organization: textField(formData, 'assignee_organization'),
    assignee_organization_name: textField(formData, 'assignee_organization_name'),
  };
}

/** Reached from the dialog or, without JavaScript, /machtigingen/{id}/intrekken: revokes all of the card's grants. */
export async function revokeAction({ request, context }: ActionFunctionArgs) {
  const { formData, refused } = await readSignedInAction({ request, context });
  if (refused) return refused;
  const what = revokeTarget(formData);
  if (textField(formData, 'intent') !== 'intrekken') return data<RevokeReply>({ formError: L.revokeFailed }, { status: 400 });
  const result = await apiRequest(
    request,
    'delete',
    '/api/authorisation-groups/{dataset_id}/{organization_id}',
    { params: { path: { dataset_id: what.dataset_id, organization_id: what.assignee_organization } } },
    { refusals: 'return' },
  );
  if (!result.ok) return data<RevokeReply>({ formError: L.revokeFailed }, { status: result.status });
  const message = L.revoked(what.dataset_name, what.assignee_organization_name);
  return redirect('/machtigingen', { headers: { 'Set-Cookie': await flashCookie(request, message) } });
}

/** Nothing is sent without a dataset and an organisation (spec §5); 'all data' sends only Dataset.ReadAll. A refusal keeps every choice. */
export async function createAuthorisationAction({ request, context }: ActionFunctionArgs) {
  const { formData, refused } = await readSignedInAction({ request, context });
  if (refused) return refused;
  const values = keptValues(formData);
  const scopes = formData.getAll('authorisations').filter((value): value is string => typeof value === 'string' && isDatasetScope(value));
  const reply = (fieldErrors: Record<string, string>, status: number, formError?: string) =>
    data<FormReply & { scopes: string[] }>({ fieldErrors, values, scopes, ...(formError ? { formError } : {}) }, { status });
  const dataset = textField(formData, 'dataset');
  const assignee = textField(formData, 'assignee_organization');
  const expiration = textField(formData, 'expiration_date').trim();
  const missing: Record<string, string> = {};
  if (!dataset) missing.dataset = AUTHORISATION_FIELD_ERRORS.datasetMissing;
  if (!assignee) missing.assignee_organization = AUTHORISATION_FIELD_ERRORS.assigneeMissing;
  if (scopes.length === 0) missing.authorisations = AUTHORISATION_FIELD_ERRORS.scopesMissing;
  if (Object.keys(missing).length > 0) return reply(missing, 422);

  const result = await apiRequest(
    request,
    'post',
    '/api/datasets/{id}/authorisations',
    {
      params: { path: { id: dataset } },
      body: {
        dataset,
        authorisations: (scopes.includes(READ_ALL) ? [READ_ALL] : scopes) as DatasetScope[],
        assignee_organization: assignee,
        ...(expiration ? { expiration_date: expiration } : {}),
      },
    },
    { refusals: 'return' },
  );
  if (!result.ok) return reply(result.error.errors ?? {}, result.status, result.error.errors ? undefined : L.create.failed);
  const first = result.data[0];
  const message = first ? L.create.created(first.dataset_name, first.assignee_organization_name) : L.create.failed;
  return redirect('/machtigingen', { headers: { 'Set-Cookie': await flashCookie(request, message) } });
}
