import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { DATASET_LABELS, datasourceCreateErrorText } from '@datahub/domain';
import { apiRequest } from '../core/api.server';
import { fieldErrorsOf, type FormReply, keptValues, textField } from '../core/forms';
import { readSignedInAction } from '../core/action.server';
import { keepShownOnce } from '../core/shown-once.server';

type DatasourceCreateReply = FormReply;

/** `withHostname: false` is the cloud variant. The secret is kept for one view of the data source's page (post/redirect/get). */
export async function createDatasourceAction({ request, context }: ActionFunctionArgs, withHostname: boolean) {
  const { formData, refused } = await readSignedInAction({ request, context });
  if (refused) return refused;

  const result = await apiRequest(
    request,
    'post',
    '/api/datasources',
    { body: { name: textField(formData, 'name'), hostname: withHostname ? textField(formData, 'hostname') : '' } },
    { refusals: 'return' },
  );
  if (!result.ok) {
    const values = keptValues(formData);
    if (result.status === 403) return data<DatasourceCreateReply>({ formError: DATASET_LABELS.noDatasourceRights, values }, { status: 403 });
    const fieldErrors = fieldErrorsOf(result.error);
    return data<DatasourceCreateReply>(
      { formError: fieldErrors ? undefined : datasourceCreateErrorText(result.error), fieldErrors, values },
      { status: result.status },
    );
  }
  const path = `/databron/${result.data.datasource_id}`;
  const setCookie = keepShownOnce(request, path, { kind: 'datasource', datasource: result.data, cloud: !withHostname, rotated: false });
  return redirect(path, { headers: { 'Set-Cookie': setCookie } });
}
