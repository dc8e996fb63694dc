import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { LABELS, ORGANIZATION_LABELS } from '@datahub/domain';
import { AuthLayout } from '~/components/account/auth-layout';
import { CsrfInput } from '~/components/core/csrf-input';
import { ErrorPanel } from '~/components/core/error-page';
import { FormError, SubmitButton, useIsPending } from '~/components/core/form-controls';
import type { CurrentUserView } from '@datahub/api-client';
import { apiRequest } from '~/lib/core/api.server';
import type { FormReply } from '~/lib/core/forms';
import { pageTitle } from '~/lib/core/meta';
import { loginPath } from '~/lib/core/redirects';
import { flashCookie, getAccessToken } from '~/lib/core/session.server';
import { readPublicAction } from '~/lib/core/action.server';

const L = ORGANIZATION_LABELS.invitation;

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

const linkClass =
  'block rounded-md bg-brand-600 px-4 py-2 text-center font-medium text-white shadow-sm transition hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2';
const secondaryLinkClass =
  'block rounded-md border border-stone-300 px-4 py-2 text-center font-medium text-stone-800 transition hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

async function describe(request: Request, token: string) {
  const result = await apiRequest(request, 'get', '/api/invitations/{token}', { params: { path: { token } } }, { auth: 'none' });
  return result.ok ? result.data : null;
}

/** Public: the link in the invitation mail. Signed out it offers sign-up and sign-in; signed in, accepting. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? '';
  const invitation = await describe(request, token);
  if (!invitation) return data({ state: 'invalid' as const }, { status: 404 });

  let me: CurrentUserView | null = null;
  if (getAccessToken(request)) {
    const result = await apiRequest(request, 'get', '/api/current_user', {}, { auth: 'optional' });
    if (result.ok) me = result.data;
  }
  const base = { organizationName: invitation.organization_name, email: invitation.email };
  if (!me) {
    const signup = `/registreren?${new URLSearchParams({ uitnodiging: token, email: invitation.email })}`;
    return { state: 'signedOut' as const, ...base, signup, login: loginPath(`/uitnodiging/${token}`) };
  }
  if (me.email.toLowerCase() !== invitation.email.toLowerCase()) {
    return { state: 'otherEmail' as const, ...base, currentEmail: me.email };
  }
  return { state: 'accept' as const, ...base };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { refused } = await readPublicAction(request);
  if (refused) return refused;
  const token = params.token ?? '';
  const invitation = await describe(request, token);
  if (!invitation) return redirect(`/uitnodiging/${encodeURIComponent(token)}`);
  const result = await apiRequest(request, 'post', '/api/invitations/{token}/accept', { params: { path: { token } } }, { refusals: 'return' });
  if (!result.ok) {
    if (result.status === 404) return redirect(`/uitnodiging/${encodeURIComponent(token)}`);
    return data<FormReply>({ formError: L.acceptFailed }, { status: result.status });
  }
  return redirect('/mijn-organisatie', {
    headers: { 'Set-Cookie': await flashCookie(request, L.accepted(invitation.organization_name)) },
  });
}

export default function InvitationPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const pending = useIsPending();

  if (page.state === 'invalid') {
    return (
      <AuthLayout title={L.invalidTitle} intro={L.invalid}>
        <Link to="/" className={secondaryLinkClass}>
          {L.toHome}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={L.title} intro={L.intro(page.organizationName)}>
      <p className="text-sm text-stone-700">{L.forEmail(page.email)}</p>
      {page.state === 'signedOut' ? (
        <div className="mt-6 space-y-6">
          <div>
            <p className="text-sm text-stone-600">{L.signupIntro}</p>
            <Link to={page.signup} className={`mt-2 ${linkClass}`}>
              {L.signup}
            </Link>
          </div>
          <div>
            <p className="text-sm text-stone-600">{L.loginIntro}</p>
            <Link to={page.login} className={`mt-2 ${secondaryLinkClass}`}>
              {L.login}
            </Link>
          </div>
        </div>
      ) : page.state === 'otherEmail' ? (
        <div className="mt-6 space-y-4">
          <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {L.otherEmail(page.currentEmail, page.email)}
          </p>
          <form method="get" action="/api/logout" noValidate>
            <button type="submit" className={`w-full ${secondaryLinkClass}`}>
              {LABELS.logout}
            </button>
          </form>
        </div>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-4">
          <FormError message={reply?.formError} />
          <CsrfInput />
          <SubmitButton pending={pending} pendingLabel={L.accepting}>
            {L.accept}
          </SubmitButton>
        </Form>
      )}
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <ErrorPanel />
    </main>
  );
}
