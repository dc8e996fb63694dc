import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { DATASET_LABELS } from '@datahub/domain';
import { apiRequest } from './api.server';
import type { CreatedDatasourceView } from '@datahub/api-client';
import { textField, type FormReply } from './forms';
import { flashCookie } from './session.server';
import { readSignedInAction } from './action.server';

const L = DATASET_LABELS.datasources;

export type DatasourceManageReply = FormReply & { intent?: string; rotated?: CreatedDatasourceView };

/**
 * The actions on /databronnen: a new key (the answer, with its secret, is rendered once rather
 * than redirected to) and removal (redirect with a flash). nest-api checks permission and object.
 */
export async function manageDatasourceAction({ request, context }: ActionFunctionArgs) {
  const { formData, refused } = await readSignedInAction({ request, context });
  if (refused) return refused;
  const intent = textField(formData, 'intent');
  const id = textField(formData, 'datasource_id');
  const name = textField(formData, 'datasource_name');
  const params = { path: { id } };

  if (intent === 'nieuwe-sleutel') {
    const result = await apiRequest(request, 'get', '/api/datasources/{id}/new-key', { params }, { refusals: 'return' });
    if (!result.ok) return data<DatasourceManageReply>({ intent, formError: L.newKeyFailed, values: { datasource_id: id } }, { status: result.status });
    return data<DatasourceManageReply>({ intent, rotated: result.data }, { headers: { 'Cache-Control': 'no-store' } });
  }
  if (intent === 'verwijderen') {
    const result = await apiRequest(request, 'delete', '/api/datasources/{id}', { params }, { refusals: 'return' });
    if (!result.ok) return data<DatasourceManageReply>({ intent, formError: L.deleteFailed, values: { datasource_id: id } }, { status: result.status });
    return redirect('/databronnen', { headers: { 'Set-Cookie': await flashCookie(request, L.deleted(name || id)) } });
  }
  return data<DatasourceManageReply>({ formError: L.deleteFailed }, { status: 400 });
}
