import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Download } from 'lucide-react';
import { INSIGHT_LABELS as L } from '@datahub/domain';
import { ErrorPanel } from '~/components/core/error-page';
import { BarChart } from '~/components/insight/insight-charts';
import { insightTables, periodOf, PERIODS } from '~/lib/insight/insight';
import { loadOverview } from '~/lib/insight/insight.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

/** Usage and satisfaction for platform admins (nest-api refuses everyone else); /beheer-inzicht/csv downloads the same numbers. */
export async function loader(args: LoaderFunctionArgs) {
  const days = periodOf(args.request);
  const overview = await loadOverview(args.request, days);
  return { days, tables: insightTables(overview), dropped: overview.dropped_events };
}

export default function InsightPage() {
  const { days, tables } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.title}</h1>
      <p className="mt-2 text-stone-600">{L.intro}</p>
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <Form method="get" noValidate className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="dagen" className="block text-sm font-medium text-stone-700">
              {L.period}
            </label>
            <select id="dagen" name="dagen" defaultValue={days} className="mt-1 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm">
              {PERIODS.map((value) => (
                <option key={value} value={value}>
                  {L.periods[value]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100">
            {L.show}
          </button>
        </Form>
        <a
          href={`/beheer-inzicht/csv?dagen=${days}`}
          download
          className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          {L.exportCsv}
        </a>
      </div>
      <div className="mt-8 space-y-6">
        {tables.map((table) => (
          <BarChart key={table.id} {...table} />
        ))}
      </div>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
