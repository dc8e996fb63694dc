import { Link, useMatches } from '@remix-run/react';
import { ChevronRight } from 'lucide-react';
import { BREADCRUMB_LABELS } from '@datahub/domain';

interface Crumb {
  label: string;
  to?: string;
}

interface BreadcrumbHandle {
  breadcrumb: (data: unknown) => Crumb[] | null;
}

/** `export const handle = breadcrumbHandle<Page>((page) => [...])`; no data (an error page) means no breadcrumb, only the title. */
export function breadcrumbHandle<Data>(crumbs: (data: Data) => Crumb[] | null): BreadcrumbHandle {
  return { breadcrumb: (data) => (data == null ? null : crumbs(data as Data)) };
}

function isBreadcrumbHandle(handle: unknown): handle is BreadcrumbHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as BreadcrumbHandle).breadcrumb === 'function';
}

function useBreadcrumb(): Crumb[] | null {
  const matches = useMatches();
  const page = matches[matches.length - 1];
  if (!page || !isBreadcrumbHandle(page.handle)) return null;
  const crumbs = page.handle.breadcrumb(page.data);
  return crumbs && crumbs.length > 0 ? crumbs : null;
}

/** On phones its own row, wrapping; from `sm` up it shares the bar, each step cut with an ellipsis. The full text stays in the title. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label={BREADCRUMB_LABELS.label} className="order-last min-w-0 basis-full pb-2 sm:order-none sm:flex-1 sm:basis-auto sm:pb-0" data-testid="top-bar-breadcrumb">
      <ol className="flex min-w-0 items-center gap-1">
        {crumbs.map((crumb, index) => {
          const current = index === crumbs.length - 1;
          return (
            <li key={`${index}-${crumb.label}`} className={`flex min-w-0 items-center gap-1 ${current ? 'flex-1' : 'max-w-[50%] shrink-0'}`}>
              {index > 0 ? <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-stone-400" /> : null}
              {current || !crumb.to ? (
                <span
                  aria-current={current ? 'page' : undefined}
                  title={crumb.label}
                  className="line-clamp-2 min-w-0 font-semibold text-stone-900 [overflow-wrap:anywhere] sm:block sm:truncate sm:text-lg"
                >
                  {crumb.label}
                </span>
              ) : (
                <Link
                  to={crumb.to}
                  title={crumb.label}
                  className="min-w-0 truncate text-sm font-medium text-brand-700 underline-offset-2 hover:underline sm:text-base"
                >
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function TopBarHeading({ title }: { title: string }) {
  const crumbs = useBreadcrumb();
  if (crumbs) return <Breadcrumb crumbs={crumbs} />;
  if (!title) return null;
  return (
    <p className="min-w-0 flex-1 truncate text-lg font-semibold text-stone-900" title={title} data-testid="top-bar-title">
      {title}
    </p>
  );
}
