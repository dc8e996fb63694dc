import { data } from '@remix-run/node';
import { CONFIRM_LABELS } from '@datahub/domain';
import { pageGet, type LoaderArgs } from '../core/page-read.server';

/** /mijn-organisatie's one read; its confirmation pages find their object in it too. */
export function myOrganizationPage(args: LoaderArgs) {
  return pageGet(args, '/api/pages/my-organization');
}

/** A section left out (null: no right to read it) is 403; a row not in it (another organisation's) is 404. */
export function rowOf<T extends { id: string }>(rows: T[] | null, id: string | undefined): T {
  if (!rows) throw new Response(null, { status: 403 });
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) throw data(CONFIRM_LABELS.notFound, { status: 404 });
  return row;
}
