import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { CONFIRM_LABELS } from '@datahub/domain';
import { pageGet } from '../core/page-read.server';
import { groupOf } from './authorisation-groups';

/** Not among what the organisation gave (or no right to see that): 404. */
export async function givenGroup(args: LoaderFunctionArgs) {
  const { user, lists } = await pageGet(args, '/api/pages/machtigingen');
  const group = lists ? groupOf(lists.given, args.params.id) : undefined;
  if (!group) throw data(CONFIRM_LABELS.notFound, { status: 404 });
  return { user, group };
}
