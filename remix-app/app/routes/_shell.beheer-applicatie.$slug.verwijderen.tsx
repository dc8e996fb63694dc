import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { APPLICATION_LABELS } from '@datahub/domain';
import { ConfirmDeletePage } from '~/components/confirm-delete';
import { ErrorPanel } from '~/components/error-page';
import { deleteApplicationAction, loadApplicationBySlug, requireOrganizationAdmin, type ApplicationFormReply } from '~/lib/applications-manage.server';
import { pageTitle } from '~/lib/meta';

const L = APPLICATION_LABELS.remove;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: pageTitle(L.title(page?.name ?? '')) }];

/** The confirmation page of a deletion without JavaScript (with it, a dialog posts here). */
export async function loader(args: LoaderFunctionArgs) {
  await requireOrganizationAdmin(args);
  const application = await loadApplicationBySlug(args.request, args.params.slug ?? '');
  return { name: application.name, slug: application.slug };
}

export function action(args: ActionFunctionArgs) {
  return deleteApplicationAction(args);
}

export default function ConfirmApplicationDeletion() {
  const { name, slug } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ApplicationFormReply | undefined;
  return (
    <ConfirmDeletePage
      title={L.title(name)}
      explain={L.explain}
      confirm={L.confirm}
      cancel={L.cancel}
      cancelPath={`/beheer-applicatie/${encodeURIComponent(slug)}`}
      error={reply?.formError}
    />
  );
}

export { ErrorPanel as ErrorBoundary };
