import { Fragment } from 'react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Download } from 'lucide-react';
import { AUDIT_LABELS as L, formatDateTimeLong } from '@datahub/domain';
import { AuditFilters } from '~/components/audit/audit-filters';
import { ErrorPanel } from '~/components/core/error-page';
import { FormError } from '~/components/core/form-controls';
import { primaryButton } from '~/components/core/button';
import { actorOf, detailsOf, filterQuery } from '~/lib/audit/audit-log';
import { loadAuditPage } from '~/lib/audit/audit-log.server';
import { pageTitle } from '~/lib/core/meta';
import { ScrollRegion } from '~/components/core/scroll-region';

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

/** AuditLog.Read; nest-api decides which rows the organisation sees. */
export async function loader(args: LoaderFunctionArgs) {
  return loadAuditPage(args);
}

/** `overflow-wrap: anywhere` let the table shrink columns to a letter; `break-word` only breaks a word longer than its line. */
const WORDS_WHOLE = 'break-words';

/** '27 november 2026' and 'om 02:02:22', each kept on one line. */
function When({ at }: { at: string }) {
  const [date, time] = formatDateTimeLong(at, { seconds: true }).split(' om ');
  return (
    <>
      <span className="whitespace-nowrap">{date}</span> <span className="whitespace-nowrap">om {time}</span>
    </>
  );
}

/** An e-mail address that may wrap after its '@', a network address after '.' or ':', when it must; never inside a word. */
function Breakable({ text }: { text: string }) {
  const parts = text.split(text.includes('@') ? /(?<=@)/ : /(?<=[.:/])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
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
        <>
          {/* From 1280 px a table that fits the content column; below it one block per row. */}
          <ScrollRegion label={L.title} className="mt-6 hidden rounded-lg border border-stone-200 bg-white shadow-sm xl:block">
            <table className={`w-full text-left text-sm ${WORDS_WHOLE}`} data-testid="audit-log">
              <thead className="bg-stone-50 text-stone-700">
                <tr>
                  <th scope="col" className="px-2 py-2 font-medium">{L.when}</th>
                  <th scope="col" className="px-2 py-2 font-medium">{L.what}</th>
                  <th scope="col" className="px-2 py-2 font-medium">{L.who}</th>
                  <th scope="col" className="px-2 py-2 font-medium">{L.dataset}</th>
                  <th scope="col" className="px-2 py-2 font-medium">{L.organization}</th>
                  <th scope="col" className="px-2 py-2 font-medium">{L.details}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {page.entries.map((entry) => (
                  <tr key={entry.id} data-kind={entry.kind} className="align-top">
                    <td className="px-2 py-2 text-stone-600">
                      <When at={entry.created_at} />
                    </td>
                    <td className="px-2 py-2 font-medium text-stone-900">{entry.kind_label}</td>
                    <td className="px-2 py-2">
                      <Breakable text={actorOf(entry)} />
                      {entry.client_address ? (
                        <span className="mt-0.5 block text-xs text-stone-500">
                          {L.address}: <Breakable text={entry.client_address} />
                        </span>
                      ) : null}
                    </td>
                    <td className="px-2 py-2">{entry.dataset_name ?? '–'}</td>
                    <td className="px-2 py-2">{entry.other_organization_name ?? entry.organization_name ?? '–'}</td>
                    <td className="px-2 py-2 text-stone-700">{detailsOf(entry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <ol aria-label={L.title} className={`mt-6 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white shadow-sm xl:hidden ${WORDS_WHOLE}`} data-testid="audit-log-list">
            {page.entries.map((entry) => (
              <li key={entry.id} data-kind={entry.kind} className="px-4 py-3 text-sm">
                <p className="font-medium text-stone-900">{entry.kind_label}</p>
                <p className="text-stone-600">
                  <When at={entry.created_at} />
                </p>
                <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1">
                  <dt className="text-stone-500">{L.who}</dt>
                  <dd>
                    <Breakable text={actorOf(entry)} />
                  </dd>
                  <dt className="text-stone-500">{L.dataset}</dt>
                  <dd>{entry.dataset_name ?? '–'}</dd>
                  <dt className="text-stone-500">{L.organization}</dt>
                  <dd>{entry.other_organization_name ?? entry.organization_name ?? '–'}</dd>
                  <dt className="text-stone-500">{L.details}</dt>
                  <dd className="text-stone-700">{detailsOf(entry)}</dd>
                  {entry.client_address ? (
                    <>
                      <dt className="text-stone-500">{L.address}</dt>
                      <dd className="text-stone-500">
                        <Breakable text={entry.client_address} />
                      </dd>
                    </>
                  ) : null}
                </dl>
              </li>
            ))}
          </ol>
        </>
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
