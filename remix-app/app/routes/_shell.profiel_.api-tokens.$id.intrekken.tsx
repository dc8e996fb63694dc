import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CONFIRM_LABELS } from '@datahub/domain';
import { revokeTokenConfirmation } from '~/components/account/api-tokens';
import { ConfirmPage } from '~/components/core/confirm-action';
import { ErrorPanel } from '~/components/core/error-page';
import { loadTokenToRevoke } from '~/lib/account/api-tokens.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `${data.name}` : CONFIRM_LABELS.pageTitle) }];

export async function loader(args: LoaderFunctionArgs) {
  return loadTokenToRevoke(args.request, { kind: 'personal' }, args.params.id);
}

export default function ConfirmRevokePersonalTokenPage() {
  const token = useLoaderData<typeof loader>();
  const { label: _label, confirmHref: _href, accessibleName: _name, ...confirmation } = revokeTokenConfirmation(token, '/profiel', '/profiel/api-tokens');
  return <ConfirmPage {...confirmation} cancelHref="/profiel" />;
}

export { ErrorPanel as ErrorBoundary };
