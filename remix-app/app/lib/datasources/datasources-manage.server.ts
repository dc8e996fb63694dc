import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { DATASET_LABELS, hasPermissionIn, hasPermissionInOwn, type Permission } from '@datahub/domain';
import { apiRequest } from '../core/api.server';
import { pageGet } from '../core/page-read.server';
import { requireCurrentUser } from '../account/auth.server';
import { textField, type FormReply } from '../core/forms';
import { asActor } from '../organizations/organizations.server';
import { flashCookie } from '../core/session.server';
import { readCheckedForm } from '../core/action.server';
import { keepShownOnce } from '../core/shown-once.server';

const L = DATASET_LABELS.datasources;

export type DatasourceManageReply = FormReply & { intent?: string };

/** nest-api answers 404 for another organisation's data source (admins excepted), which the error boundary shows. */
export async function loadDatasource(args: Pick<LoaderFunctionArgs, 'request' | 'context' | 'params'>) {
  const { user, datasource } = await pageGet(args, '/api/pages/datasource/{id}', { params: { path: { id: args.params.id ?? '' } } });
  const permissions = user.permissions as Permission[];
  const own = datasource.owner_organization === user.organization;
  const actor = asActor(user, permissions);
  return {
    datasource,
    own,
    listPath: own ? '/databronnen' : '/beheer-datasets',
    // A new key is the organisation's own; a platform admin may still remove another's data source.
    canUpdate: hasPermissionInOwn(actor, 'Datasource.Update', datasource.owner_organization),
    canDelete: hasPermissionIn(actor, 'Datasource.Delete', datasource.owner_organization),
  };
}

/** The secret is kept for one view of this page (post/redirect/get); the id comes from the address, and nest-api checks again. */
export async function manageDatasourceAction(args: ActionFunctionArgs) {
  const { request } = args;
  // First: a post after the session ended is kept for after signing in again.
  await requireCurrentUser(args);
  const { datasource, listPath } = await loadDatasource(args);
  const { formData, refused } = await readCheckedForm(request);
  if (refused) return refused;
  const intent = textField(formData, 'intent');
  const params = { path: { id: datasource.datasource_id } };

  if (intent === 'nieuwe-sleutel') {
    const result = await apiRequest(request, 'get', '/api/datasources/{id}/new-key', { params }, { refusals: 'return' });
    if (!result.ok) return data<DatasourceManageReply>({ intent, formError: L.newKeyFailed }, { status: result.status });
    const path = `/databron/${datasource.datasource_id}`;
    return redirect(path, { headers: { 'Set-Cookie': keepShownOnce(request, path, { kind: 'datasource', datasource: result.data, cloud: false, rotated: true }) } });
  }
  if (intent === 'verwijderen') {
    const result = await apiRequest(request, 'delete', '/api/datasources/{id}', { params }, { refusals: 'return' });
    if (!result.ok) return data<DatasourceManageReply>({ intent, formError: L.deleteFailed }, { status: result.status });
    return redirect(listPath, { headers: { 'Set-Cookie': await flashCookie(request, L.deleted(datasource.name)) } });
  }
  return data<DatasourceManageReply>({ formError: L.deleteFailed }, { status: 400 });
}
