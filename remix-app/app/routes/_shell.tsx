import { data, type LoaderFunctionArgs } from '@remix-run/node';
import type { Permission } from '@datahub/domain';
import { Outlet, useLoaderData } from '@remix-run/react';
import { AppShell } from '~/components/core/app-shell';
import { ErrorPanel } from '~/components/core/error-page';
import { FlashMessage } from '~/components/core/flash-message';
import { requireShellPage } from '~/lib/account/auth.server';
import { consumeFlash } from '~/lib/core/session.server';
import { keptFormFor } from '~/lib/account/kept-forms.server';
import { KeptFormProvider } from '~/components/core/kept-form';
import { ShownOnceProvider } from '~/components/core/shown-once';
import { takeShownOnce } from '~/lib/core/shown-once.server';
import { skipAfterSparqlQuery } from '~/lib/datasets/sparql-revalidation';

/** Every page but sign-in and sign-up lives here: no user, no page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // One call to nest-api: the user (shared with the page's loader) and the menu's count.
  const { user, open_access_requests: openRequests } = await requireShellPage({ request, context });
  const permissions = user.permissions as Permission[];
  const { flash, setCookie } = await consumeFlash(request);
  const keptForm = request.method === 'GET' ? keptFormFor(request, user.user_id) : null;
  const once = request.method === 'GET' ? takeShownOnce(request, user.user_id) : { value: null, setCookie: null };
  const headers = new Headers();
  for (const cookie of [setCookie, once.setCookie]) if (cookie) headers.append('Set-Cookie', cookie);
  if (once.value) headers.set('Cache-Control', 'no-store');
  return data({ user, permissions, flash, keptForm, openRequests, shownOnce: once.value }, { headers });
}

export const shouldRevalidate = skipAfterSparqlQuery;

export default function ShellLayout() {
  const { user, flash, keptForm, openRequests, shownOnce } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user} openRequests={openRequests}>
      <FlashMessage flash={flash} />
      <KeptFormProvider values={keptForm}>
        <ShownOnceProvider value={shownOnce}>
          <Outlet />
        </ShownOnceProvider>
      </KeptFormProvider>
    </AppShell>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <ErrorPanel />
    </main>
  );
}
