import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Paperclip } from 'lucide-react';
import { formatDateTimeLong, SUPPORT_KINDS, SUPPORT_LABELS as L } from '@datahub/domain';
import { CsrfInput } from '~/components/core/csrf-input';
import { ErrorPanel } from '~/components/core/error-page';
import { readSignedInAction } from '~/lib/core/action.server';
import { apiGet, apiRequest } from '~/lib/core/api.server';
import { textField } from '~/lib/core/forms';
import { pageTitle } from '~/lib/core/meta';
import { flashCookie } from '~/lib/core/session.server';

export const meta: MetaFunction = () => [{ title: pageTitle(L.adminTitle) }];

/** Support requests for platform admins (nest-api refuses everyone else). */
export async function loader(args: LoaderFunctionArgs) {
  return { requests: await apiGet(args.request, '/api/support-requests') };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, refused } = await readSignedInAction({ request, context });
  if (refused) return refused;
  const status = textField(formData, 'status') === 'closed' ? 'closed' : 'open';
  await apiRequest(request, 'patch', '/api/support-requests/{id}', { params: { path: { id: textField(formData, 'id') } }, body: { status } });
  return redirect('/beheer-hulp', { headers: { 'Set-Cookie': await flashCookie(request, L.statusSaved) } });
}


export default function SupportRequestsPage() {
  const { requests } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.adminTitle}</h1>
      {requests.length === 0 ? (
        <p className="mt-6 text-stone-600">{L.adminEmpty}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {requests.map((item) => (
            <li key={item.support_request_id} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6" data-testid="support-request">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="break-words text-lg font-semibold text-stone-900">{item.summary}</h2>
                  <p className="mt-1 break-words text-sm text-stone-600">
                    {SUPPORT_KINDS[item.kind as keyof typeof SUPPORT_KINDS] ?? item.kind} · {L.from} {item.email} ({item.organization_name}) · {L.received}{' '}
                    {formatDateTimeLong(item.created_at)}
                  </p>
                </div>
                <span
                  className={`rounded-full px-3 py-1 text-xs font-semibold ${item.status === 'open' ? 'bg-amber-100 text-amber-900' : 'bg-stone-100 text-stone-700'}`}
                >
                  {L.status}: {L.statuses[item.status]}
                </span>
              </div>
              <p className="mt-3 whitespace-pre-wrap break-words text-stone-800">{item.description}</p>
              {item.attachments.length > 0 ? (
                <ul className="mt-3 flex flex-wrap gap-3">
                  {item.attachments.map((file) => (
                    <li key={file.attachment_id} className="min-w-0">
                      <a
                        href={`/api/support-requests/${item.support_request_id}/attachments/${file.attachment_id}`}
                        download
                        aria-label={L.download(file.filename)}
                        className="inline-flex max-w-full items-center gap-1 break-all text-sm font-medium text-brand-700 underline"
                      >
                        <Paperclip aria-hidden="true" className="h-4 w-4 shrink-0" />
                        {file.filename}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
              <Form method="post" noValidate className="mt-4">
                <CsrfInput />
                <input type="hidden" name="id" value={item.support_request_id} />
                <input type="hidden" name="status" value={item.status === 'open' ? 'closed' : 'open'} />
                <button type="submit" className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100">
                  {item.status === 'open' ? L.closeRequest : L.reopenRequest}
                  <span className="sr-only">: {item.summary}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
