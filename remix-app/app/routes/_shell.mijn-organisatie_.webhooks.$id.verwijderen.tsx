import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CONFIRM_LABELS, WEBHOOK_LABELS } from '@datahub/domain';
import { ConfirmPage } from '~/components/core/confirm-action';
import { ErrorPanel } from '~/components/core/error-page';
import { removeWebhookConfirmation } from '~/components/organizations/webhooks';
import { pageTitle } from '~/lib/core/meta';
import { myOrganizationPage, rowOf } from '~/lib/organizations/my-organization.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? WEBHOOK_LABELS.removeTitle(data.url) : CONFIRM_LABELS.pageTitle) }];

export async function loader(args: LoaderFunctionArgs) {
  const webhook = rowOf((await myOrganizationPage(args)).webhooks, args.params.id);
  return { id: webhook.id, url: webhook.url };
}

export default function ConfirmRemoveWebhookPage() {
  const webhook = useLoaderData<typeof loader>();
  const { label: _label, confirmHref: _href, accessibleName: _name, ...confirmation } = removeWebhookConfirmation(webhook);
  return <ConfirmPage {...confirmation} cancelHref="/mijn-organisatie#webhooks" />;
}

export { ErrorPanel as ErrorBoundary };
