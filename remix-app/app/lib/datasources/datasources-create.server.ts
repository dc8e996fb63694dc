import { data, type ActionFunctionArgs } from '@remix-run/node';
import { DATASET_LABELS, datasourceCreateErrorText } from '@datahub/domain';
import { apiRequest } from '../core/api.server';
import type { CreatedDatasourceView } from '@datahub/api-client';
import { fieldErrorsOf, type FormReply, keptValues, textField } from '../core/forms';
import { readSignedInAction } from '../core/action.server';

type DatasourceCreateReply = FormReply & { created?: CreatedDatasourceView };

/**
 * Creates a data source; `withHostname: false` is the cloud variant (empty hostname). The
 * success answer is rendered directly (its secret is shown once), not redirected to.
 */
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
  return data<DatasourceCreateReply>({ created: result.data }, { headers: { 'Cache-Control': 'no-store' } });
}
