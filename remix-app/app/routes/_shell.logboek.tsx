import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Download } from 'lucide-react';
import { AUDIT_LABELS as L, formatDateTimeLong } from '@datahub/domain';
import { AuditFilters } from '~/components/audit-filters';
import { ErrorPanel } from '~/components/error-page';
import { FormError } from '~/components/form-controls';
import { primaryButton } from '~/components/button';
import { requireCurrentUser } from '~/lib/account/auth.server';
import { actorOf, detailsOf, filterQuery } from '~/lib/audit/audit-log';
import { loadAuditPage } from '~/lib/audit/audit-log.server';
import { pageTitle } from '~/lib/core/meta';
import { ScrollRegion } from '~/components/scroll-region';

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

/** The audit trail (issue 23): AuditLog.Read; nest-api decides which rows the organisation sees. */
export async function loader(args: LoaderFunctionArgs) {
  await requireCurrentUser(args);
  return loadAuditPage(args.request);
}

export default function AuditLogPage() {
  const { filters, cursor, page, errors, datasets, organizations } = useLoaderData<typeof loader>();
  const query = filterQuery(filters);
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.title}</h1>
      <p className="mt-2 text-stone-600">{L.intro}</p>
      <AuditFilters filters={filters} errors={errors} datasets={datasets} organizations={organizations} />
      <div className="mt-4 empty:hidden">
        <FormError message={errors.cursor ?? errors.kind} />
      </div>
      <p className="mt-6">
        <a href={`/logboek/csv${query}`} download className={primaryButton('inline-flex items-center gap-2 text-sm')}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {L.exportCsv}
        </a>
      </p>
      {page.entries.length === 0 ? (
        <p className="mt-6 text-stone-600">{L.empty}</p>
      ) : (
        <ScrollRegion label={L.title} className="mt-6 rounded-lg border border-stone-200 bg-white shadow-sm">
          <table className="min-w-full text-left text-sm" data-testid="audit-log">
            <thead className="bg-stone-50 text-stone-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{L.when}</th>
                <th scope="col" className="px-3 py-2 font-medium">{L.what}</th>
                <th scope="col" className="px-3 py-2 font-medium">{L.who}</th>
                <th scope="col" className="px-3 py-2 font-medium">{L.dataset}</th>
                <th scope="col" className="px-3 py-2 font-medium">{L.organization}</th>
                <th scope="col" className="px-3 py-2 font-medium">{L.details}</th>
                <th scope="col" className="px-3 py-2 font-medium">{L.address}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {page.entries.map((entry) => (
                <tr key={entry.id} data-kind={entry.kind}>
                  <td className="whitespace-nowrap px-3 py-2 text-stone-600">{formatDateTimeLong(entry.created_at, { seconds: true })}</td>
                  <td className="px-3 py-2 font-medium text-stone-900">{entry.kind_label}</td>
                  <td className="px-3 py-2">{actorOf(entry)}</td>
                  <td className="px-3 py-2">{entry.dataset_name ?? '–'}</td>
                  <td className="px-3 py-2">{entry.other_organization_name ?? entry.organization_name ?? '–'}</td>
                  <td className="px-3 py-2 text-stone-700">{detailsOf(entry)}</td>
                  <td className="px-3 py-2 text-stone-500">{entry.client_address ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <nav aria-label={L.title} className="mt-4 flex gap-4 text-sm">
        {cursor ? (
          <Link to={`/logboek${query}`} className="font-medium text-brand-700 hover:underline">
            {L.first}
          </Link>
        ) : null}
        {page.next_cursor ? (
          <Link to={`/logboek${filterQuery(filters, page.next_cursor)}`} className="font-medium text-brand-700 hover:underline">
            {L.next}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
