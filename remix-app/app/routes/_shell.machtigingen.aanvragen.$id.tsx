import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { ACCESS_REQUEST_LABELS as L, AUTHORISATION_LABELS } from '@datahub/domain';
import { AccessRequestDecision } from '~/components/authorisations/access-request-list';
import { ErrorPanel } from '~/components/core/error-page';
import { decideAccessRequestAction, type AccessRequestReply } from '~/lib/authorisations/access-requests.server';
import { pageGet } from '~/lib/core/page-read.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction = () => [{ title: pageTitle(L.tab) }];

/** One request to decide: where a refused decision (without JavaScript) comes back with its errors. */
export async function loader(args: LoaderFunctionArgs) {
  // One call to nest-api: the machtigingen page's read; without the right to decide requests they are refused, as on their own.
  const { lists } = await pageGet(args, '/api/pages/machtigingen');
  if (!lists?.requests) throw new Response(null, { status: 403 });
  const request = lists.requests.find((row) => row.access_request_id === args.params.id);
  if (!request) throw new Response(null, { status: 404 });
  return { request };
}

export function action(args: ActionFunctionArgs) {
  return decideAccessRequestAction(args);
}

export default function DecideAccessRequestPage() {
  const { request } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as AccessRequestReply | undefined;
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.tab}</h1>
      <ul className="mt-6">
        <AccessRequestDecision request={request} reply={reply} />
      </ul>
      <p className="mt-6">
        <Link to="/machtigingen" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {AUTHORISATION_LABELS.create.backToList}
        </Link>
      </p>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
