import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AUTHORISATION_LABELS, CONFIRM_LABELS } from '@datahub/domain';
import { revokeAuthorisationConfirmation } from '~/components/authorisations/authorisation-cards';
import { ConfirmPage } from '~/components/core/confirm-action';
import { ErrorPanel } from '~/components/core/error-page';
import { givenGroup } from '~/lib/authorisations/given-group.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? AUTHORISATION_LABELS.revokeConfirmTitle : CONFIRM_LABELS.pageTitle) }];

export async function loader(args: LoaderFunctionArgs) {
  const { group } = await givenGroup(args);
  return { id: group.id, first: group.first, grants: group.grants };
}

export default function ConfirmRevokeAuthorisationPage() {
  const group = useLoaderData<typeof loader>();
  const { label: _label, confirmHref: _href, accessibleName: _name, ...confirmation } = revokeAuthorisationConfirmation(group);
  return <ConfirmPage {...confirmation} cancelHref="/machtigingen" />;
}

export { ErrorPanel as ErrorBoundary };
