import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ORGANISATION_LABELS } from '@datahub/domain';
import { OrganizationErrorBoundary } from '~/components/organization-error';
import { OrganizationPage } from '~/components/organization-page';
import { requireCurrentUser } from '~/lib/auth.server';
import { pageTitle } from '~/lib/meta';
import { readSignedInAction } from '~/lib/action.server';
import { loadOrganizationPage, updateOrganization } from '~/lib/organizations.server';

export const meta: MetaFunction = () => [{ title: pageTitle(ORGANISATION_LABELS.organization.myTitle) }];

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireCurrentUser(args);
  return loadOrganizationPage(args, user.organization_slug);
}

export async function action(args: ActionFunctionArgs) {
  const { formData, refused } = await readSignedInAction(args);
  if (refused) return refused;
  return updateOrganization(args, formData, '/mijn-organisatie');
}

export default function MyOrganizationPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <OrganizationPage title={ORGANISATION_LABELS.organization.myTitle} page={page} reply={reply} />;
}

export { OrganizationErrorBoundary as ErrorBoundary };
