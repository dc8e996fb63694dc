import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { LABELS, TWO_FACTOR_LABELS as L } from '@datahub/domain';
import { AuthLayout } from '~/components/account/auth-layout';
import { ErrorPanel } from '~/components/core/error-page';
import { TwoFactorSection } from '~/components/account/two-factor-section';
import { apiGet } from '~/lib/core/api.server';
import { TWO_FACTOR_ENROL_PATH, TWO_FACTOR_INTENT, type TwoFactorReply } from '~/lib/account/two-factor';
import { twoFactorAction, twoFactorOf } from '~/lib/account/two-factor.server';
import { readSignedInAction } from '~/lib/core/action.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

/** While REQUIRE_2FA_FOR_ADMINS holds every page sends such an admin here, and nest-api refuses everything else. */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await apiGet(request, '/api/pages/two-factor');
  // No redirect once it is on: the answer showing the recovery codes reloads this page's data too.
  return { required: page.user.two_factor_enrolment_required, twoFactor: twoFactorOf(page) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, refused } = await readSignedInAction({ request, context });
  if (refused) return refused;
  return twoFactorAction(request, formData, TWO_FACTOR_ENROL_PATH);
}

export default function TwoFactorRequiredPage() {
  const { required, twoFactor } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as TwoFactorReply | undefined;
  const done = reply?.intent === TWO_FACTOR_INTENT && reply.recoveryCodes !== undefined;
  return (
    <AuthLayout title={L.title} intro={required ? L.required : L.intro}>
      <TwoFactorSection view={twoFactor} reply={reply} heading={false} />
      <div className="mt-6 text-sm">
        {done || !required ? (
          <Link to="/" className="font-medium text-brand-700 underline underline-offset-2">
            {L.continue}
          </Link>
        ) : (
          // A plain GET, as in the shell: nest-api ends the session and sends the browser to /inloggen.
          <form method="get" action="/api/logout" noValidate>
            <button type="submit" className="font-medium text-brand-700 underline underline-offset-2">
              {LABELS.logout}
            </button>
          </form>
        )}
      </div>
    </AuthLayout>
  );
}

export { ErrorPanel as ErrorBoundary };
