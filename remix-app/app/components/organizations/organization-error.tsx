import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';
import { ERROR_TEXTS, LABELS } from '@datahub/domain';
import { ErrorPanel } from '~/components/core/error-page';

export function OrganizationErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 403) return <ErrorPanel />;
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-semibold text-stone-900">{LABELS.errorPage.forbiddenTitle}</h1>
      <p role="alert" className="mt-3 text-stone-700">
        {ERROR_TEXTS.access.organizationPage}
      </p>
      <p className="mt-6">
        <Link to="/" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {LABELS.errorPage.backHome}
        </Link>
      </p>
    </div>
  );
}
