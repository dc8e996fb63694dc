import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireCurrentUser } from '~/lib/account/auth.server';
import { auditCsv } from '~/lib/audit/audit-log.server';

/** The filtered log of /logboek as CSV (AuditLog.Read; nest-api refuses everyone else). */
export async function loader(args: LoaderFunctionArgs) {
  await requireCurrentUser(args);
  return auditCsv(args.request);
}
