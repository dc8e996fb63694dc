import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { APPLICATION_LABELS } from '@datahub/domain';
import { applicationDeletion } from '~/components/applications/application-deletion';
import { ConfirmPage } from '~/components/core/confirm-action';
import { ErrorPanel } from '~/components/core/error-page';
import { deleteApplicationAction, type ApplicationFormReply } from '~/lib/applications/applications-manage.server';
import { pageGet } from '~/lib/core/page-read.server';
import { pageTitle } from '~/lib/core/meta';

const L = APPLICATION_LABELS.remove;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: pageTitle(L.title(page?.name ?? '')) }];

export async function loader(args: LoaderFunctionArgs) {
  // nest-api refuses anyone but an organisation admin (403).
  const { application } = await pageGet(args, '/api/pages/manage-application/{slug}', { params: { path: { slug: args.params.slug ?? '' } } });
  return { name: application.name, slug: application.slug };
}

export function action(args: ActionFunctionArgs) {
  return deleteApplicationAction(args);
}

export default function ConfirmApplicationDeletion() {
  const application = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ApplicationFormReply | undefined;
  const { label: _label, confirmHref: _href, ...confirmation } = applicationDeletion(application);
  return (
    <ConfirmPage
      {...confirmation}
      cancelHref={`/beheer-applicatie/${encodeURIComponent(application.slug)}`}
      error={reply?.formError}
    />
  );
}

export { ErrorPanel as ErrorBoundary };
