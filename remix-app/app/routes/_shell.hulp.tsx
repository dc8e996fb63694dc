import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { SUPPORT_LABELS as L, displayOrganizationName } from '@datahub/domain';
import { ErrorPanel } from '~/components/core/error-page';
import { SupportForm, SupportThanks } from '~/components/core/help-entry';
import { requireCurrentUser } from '~/lib/account/auth.server';
import { pageTitle } from '~/lib/core/meta';
import { supportAction, type SupportReply } from '~/lib/insight/support.server';

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireCurrentUser(args);
  const sent = new URL(args.request.url).searchParams.get('verstuurd') === '1';
  return { email: user.email, organization: displayOrganizationName(user.organization_name), sent };
}

export const action = (args: ActionFunctionArgs) => supportAction(args);

export default function HelpPage() {
  const { email, organization, sent } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.title}</h1>
      <div className="mt-6 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        {sent ? (
          <SupportThanks />
        ) : (
          <>
            <p className="mb-6 text-stone-600">{L.intro}</p>
            <SupportForm email={email} organization={organization} reply={reply as SupportReply | undefined} pending={navigation.state === 'submitting'} />
          </>
        )}
      </div>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
