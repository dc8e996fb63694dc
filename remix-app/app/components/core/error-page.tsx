import { Link, useRouteError } from '@remix-run/react';
import { LABELS } from '@datahub/domain';
import { describeError } from '~/lib/core/errors';

export function ErrorPanel() {
  const { title, message } = describeError(useRouteError());
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-semibold text-stone-900">{title}</h1>
      <p className="mt-3 text-stone-700">{message}</p>
      <p className="mt-6">
        <Link to="/" className="font-medium text-brand-700 underline-offset-2 hover:underline" reloadDocument>
          {LABELS.errorPage.backHome}
        </Link>
      </p>
    </div>
  );
}
