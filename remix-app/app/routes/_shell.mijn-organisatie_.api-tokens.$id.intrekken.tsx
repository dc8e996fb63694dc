import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CONFIRM_LABELS } from '@datahub/domain';
import { revokeTokenConfirmation } from '~/components/account/api-tokens';
import { ConfirmPage } from '~/components/core/confirm-action';
import { ErrorPanel } from '~/components/core/error-page';
import { myOrganizationPage, rowOf } from '~/lib/organizations/my-organization.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `${data.name}` : CONFIRM_LABELS.pageTitle) }];

export async function loader(args: LoaderFunctionArgs) {
  const token = rowOf((await myOrganizationPage(args)).api_tokens, args.params.id);
  return { id: token.id, name: token.name };
}

export default function ConfirmRevokeOrganizationTokenPage() {
  const token = useLoaderData<typeof loader>();
  const { label: _label, confirmHref: _href, accessibleName: _name, ...confirmation } = revokeTokenConfirmation(token, '/mijn-organisatie', '/mijn-organisatie/api-tokens');
  return <ConfirmPage {...confirmation} cancelHref="/mijn-organisatie" />;
}

export { ErrorPanel as ErrorBoundary };
