import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CONFIRM_LABELS } from '@datahub/domain';
import { ConfirmPage } from '~/components/core/confirm-action';
import { ErrorPanel } from '~/components/core/error-page';
import { revokeMemberTokenConfirmation } from '~/components/account/member-api-tokens';
import { myOrganizationPage, rowOf } from '~/lib/organizations/my-organization.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `${data.name}` : CONFIRM_LABELS.pageTitle) }];

export async function loader(args: LoaderFunctionArgs) {
  const token = rowOf((await myOrganizationPage(args)).member_api_tokens, args.params.id);
  return { id: token.id, name: token.name, member_name: token.member_name };
}

export default function ConfirmRevokeMemberTokenPage() {
  const token = useLoaderData<typeof loader>();
  const { label: _label, confirmHref: _href, accessibleName: _name, ...confirmation } = revokeMemberTokenConfirmation(token, '/mijn-organisatie');
  return <ConfirmPage {...confirmation} cancelHref="/mijn-organisatie" />;
}

export { ErrorPanel as ErrorBoundary };
