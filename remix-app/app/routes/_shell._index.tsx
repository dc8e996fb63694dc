import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { LABELS, displayOrganizationName } from '@datahub/domain';
import { ErrorPanel } from '~/components/error-page';
import { requireCurrentUser } from '~/lib/auth.server';
import { pageTitle } from '~/lib/meta';

export const meta: MetaFunction = () => [{ title: pageTitle(LABELS.home.title) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCurrentUser({ request, context });
  return { firstname: user.firstname, organizationName: displayOrganizationName(user.organization_name) };
}

export default function HomePage() {
  const { firstname, organizationName } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">
        {LABELS.home.title}, {firstname}
      </h1>
      <p className="mt-3 text-stone-700">{LABELS.home.intro}</p>
      <p className="mt-1 text-stone-700">
        {organizationName ? (
          <>
            {LABELS.home.organization} <strong className="font-semibold">{organizationName}</strong>.
          </>
        ) : (
          LABELS.home.personalOrganization
        )}
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        <li>
          <Link
            to="/profiel"
            className="block h-full rounded-lg border border-stone-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <span className="block font-semibold text-stone-900">{LABELS.profile.title}</span>
            <span className="mt-1 block text-sm text-stone-600">{LABELS.home.profileDescription}</span>
          </Link>
        </li>
      </ul>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
