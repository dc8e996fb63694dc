import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { ACCESS_REQUEST_LABELS, AUTHORISATION_LABELS, amsterdamToday } from '@datahub/domain';
import { ReceivedAccessRequests, SentAccessRequests } from '~/components/authorisations/access-request-list';
import { AuthorisationList } from '~/components/authorisations/authorisation-cards';
import { ErrorPanel } from '~/components/core/error-page';
import { FormError } from '~/components/core/form-controls';
import { pageGet } from '~/lib/core/page-read.server';
import { revokeAction, type RevokeReply } from '~/lib/authorisations/authorisations.server';
import { pageTitle } from '~/lib/core/meta';
import { primaryButton } from '~/components/core/button';

const L = AUTHORISATION_LABELS;

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

export async function loader(args: LoaderFunctionArgs) {
  // One call to nest-api: the lists (none without AuthorisationAssignment.Read), the tab 'Aanvragen' only for those who may grant.
  const { lists } = await pageGet(args, '/api/pages/machtigingen');
  return { lists, today: amsterdamToday() };
}

export function action(args: ActionFunctionArgs) {
  return revokeAction(args);
}

export default function AuthorisationsPage() {
  const { lists, today } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as RevokeReply | undefined;
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.title}</h1>
      {lists === null ? (
        <p role="note" className="mt-6 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          {L.noRights}
        </p>
      ) : (
        <>
          {/* Spec §6: the button comes with AuthorisationAssignment.Read. */}
          {(
            <p className="mt-6">
              <Link
                to="/machtigingen/aanmaken"
                className={primaryButton('inline-block')}
              >
                {L.newAuthorisation}
              </Link>
            </p>
          )}
          <div className="mt-6 empty:hidden">
            <FormError message={reply?.formError} />
          </div>
          <section aria-labelledby="ontvangen" className="mt-8">
            <h2 id="ontvangen" className="text-xl font-semibold text-stone-900">
              {L.received}
            </h2>
            <AuthorisationList items={lists.received} side="received" label={L.received} today={today} ever={lists.history.ever_received} />
            <SentAccessRequests requests={lists.sent} />
          </section>
          <section aria-labelledby="uitgegeven" className="mt-10">
            <h2 id="uitgegeven" className="text-xl font-semibold text-stone-900">
              {L.given}
            </h2>
            <AuthorisationList items={lists.given} side="given" label={L.given} today={today} ever={lists.history.ever_given} />
          </section>
          {lists.requests ? (
            <section aria-labelledby="aanvragen" className="mt-10">
              <h2 id="aanvragen" className="text-xl font-semibold text-stone-900">
                {ACCESS_REQUEST_LABELS.tab}
              </h2>
              <ReceivedAccessRequests requests={lists.requests} />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
