import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { formatDateTimeLong, JOB_LABELS as L } from '@datahub/domain';
import { ErrorPanel } from '~/components/core/error-page';
import { apiGet } from '~/lib/core/api.server';
import { pageTitle } from '~/lib/core/meta';
import { ScrollRegion } from '~/components/core/scroll-region';

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

const when = (value: string | null) => (value ? formatDateTimeLong(value, { seconds: true }) : null);

/** Timed jobs for platform admins (nest-api refuses everyone else): last run, outcome, next run. */
export async function loader(args: LoaderFunctionArgs) {
  const jobs = await apiGet(args.request, '/api/jobs');
  return {
    jobs: jobs.map((job) => ({
      name: job.name,
      label: L.names[job.name] ?? job.name,
      interval: job.interval_seconds > 0 ? L.every(job.interval_seconds) : L.disabled,
      lastRun: when(job.last_started_at) ?? L.never,
      outcome: job.last_outcome
        ? `${L.outcomes[job.last_outcome]}${job.last_attempt && job.last_attempt > 1 ? ` (${L.attempt(job.last_attempt)})` : ''}`
        : '',
      nextRun: when(job.next_run_at) ?? L.disabled,
    })),
  };
}

export default function JobsPage() {
  const { jobs } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.title}</h1>
      <p className="mt-2 text-stone-600">{L.intro}</p>
      <ScrollRegion label={L.title} className="mt-6 rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
        <table className="min-w-full text-left text-sm" data-testid="jobs-table">
          <thead className="text-stone-600">
            <tr>
              <th className="py-2 pr-4 font-medium">{L.name}</th>
              <th className="py-2 pr-4 font-medium">{L.interval}</th>
              <th className="py-2 pr-4 font-medium">{L.lastRun}</th>
              <th className="py-2 pr-4 font-medium">{L.outcome}</th>
              <th className="py-2 font-medium">{L.nextRun}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {jobs.map((job) => (
              <tr key={job.name} data-job={job.name}>
                <td className="py-2 pr-4 font-medium text-stone-900">{job.label}</td>
                <td className="py-2 pr-4">{job.interval}</td>
                <td className="py-2 pr-4">{job.lastRun}</td>
                <td className="py-2 pr-4">{job.outcome}</td>
                <td className="py-2">{job.nextRun}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
