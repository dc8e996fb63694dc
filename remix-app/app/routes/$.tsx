import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { Permission } from '@datahub/domain';
import { LABELS } from '@datahub/domain';
import { AppShell } from '~/components/core/app-shell';
import { AuthLayout } from '~/components/account/auth-layout';
import { apiRequest } from '~/lib/core/api.server';
import { getAccessToken } from '~/lib/core/session.server';
import { openAccessRequests } from '~/lib/authorisations/open-requests.server';
import { pageTitle } from '~/lib/core/meta';

const E = LABELS.errorPage;

export const meta: MetaFunction = () => [{ title: pageTitle(E.notFoundTitle) }];

/** ADR 0040: a Dutch 404 at the address asked, inside the shell when signed in; no redirect, so a typo stays visible. */
async function notFound({ request, context }: LoaderFunctionArgs) {
  // An unknown path is not worth a sign-in round: a refused or missing token simply gets the signed-out page.
  const me = getAccessToken(request) ? await apiRequest(request, 'get', '/api/current_user', {}, { auth: 'optional' }).catch(() => null) : null;
  const user = me?.ok && !me.data.two_factor_enrolment_required ? me.data : null;
  const openRequests = user ? await openAccessRequests({ request, context }, user, user.permissions as Permission[]) : 0;
  return data({ user, openRequests, path: new URL(request.url).pathname }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
}

export const loader = notFound;
export const action = notFound;

function Body({ path, signedIn }: { path: string; signedIn: boolean }) {
  return (
    <>
      {signedIn ? <p className="text-stone-700">{E.unknownPathIntro}</p> : null}
      <p className="mt-3 text-sm text-stone-600">
        {E.unknownPathAddress}: <code className="break-all rounded bg-stone-100 px-1">{path}</code>
      </p>
      <p className="mt-6">
        <Link to={signedIn ? '/' : '/inloggen'} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {signedIn ? E.backHome : E.backToSignIn}
        </Link>
      </p>
    </>
  );
}

export default function UnknownPath() {
  const { user, openRequests, path } = useLoaderData<typeof notFound>();
  if (!user) {
    return (
      <AuthLayout title={E.notFoundTitle} intro={E.unknownPathIntro}>
        <Body path={path} signedIn={false} />
      </AuthLayout>
    );
  }
  return (
    <AppShell user={user} openRequests={openRequests}>
      <div className="rounded-lg border border-stone-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold text-stone-900">{E.notFoundTitle}</h1>
        <div className="mt-3">
          <Body path={path} signedIn />
        </div>
      </div>
    </AppShell>
  );
}
