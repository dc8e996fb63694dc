import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireCurrentUser } from '~/lib/account/auth.server';
import { insightCsv, periodOf } from '~/lib/insight/insight';
import { loadOverview } from '~/lib/insight/insight.server';

/** The numbers of /beheer-inzicht as CSV (platform admins; nest-api refuses everyone else). */
export async function loader(args: LoaderFunctionArgs) {
  await requireCurrentUser(args);
  const days = periodOf(args.request);
  return new Response(insightCsv(await loadOverview(args.request, days)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="inzicht-${days}-dagen.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
