import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { CONFIRM_LABELS } from '@datahub/domain';
import { requireCurrentUser } from '../account/auth.server';
import { apiRequest } from '../core/api.server';
import { groupOf } from './authorisation-groups';

/** Not among what the organisation gave (or no right to see that): 404. */
export async function givenGroup(args: LoaderFunctionArgs) {
  const user = await requireCurrentUser(args);
  const given = await apiRequest(
    args.request,
    'get',
    '/api/organizations/{slug}/authorisations/given',
    { params: { path: { slug: user.organization_slug } } },
    { refusals: 'return' },
  );
  const group = given.ok ? groupOf(given.data, args.params.id) : undefined;
  if (!group) throw data(CONFIRM_LABELS.notFound, { status: 404 });
  return { user, group };
}
