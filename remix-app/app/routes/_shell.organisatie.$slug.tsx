import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ORGANIZATION_LABELS, displayOrganizationName } from '@datahub/domain';
import { OrganizationErrorBoundary } from '~/components/organizations/organization-error';
import { OrganizationPage } from '~/components/organizations/organization-page';
import { requireCurrentUser } from '~/lib/account/auth.server';
import { pageTitle } from '~/lib/core/meta';
import { readSignedInAction } from '~/lib/core/action.server';
import { isMultipart, organizationLogoAction } from '~/lib/applications/logo-upload.server';
import { loadOrganizationPage, organizationPath, updateOrganization } from '~/lib/organizations/organizations.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: pageTitle(
      (data && displayOrganizationName(data.organization.name)) || ORGANIZATION_LABELS.organization.title,
    ),
  },
];

export async function loader(args: LoaderFunctionArgs) {
  return loadOrganizationPage(args, args.params.slug ?? '');
}

export async function action(args: ActionFunctionArgs) {
  if (isMultipart(args.request)) {
    await requireCurrentUser(args);
    const slug = args.params.slug ?? '';
    return organizationLogoAction(args.request, slug, `/organisatie/${encodeURIComponent(slug)}`);
  }
  const { formData, refused } = await readSignedInAction(args);
  if (refused) return refused;
  return updateOrganization(args, formData, organizationPath);
}

export default function OrganizationBySlugPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const title = displayOrganizationName(page.organization.name) || ORGANIZATION_LABELS.organization.title;
  return <OrganizationPage title={title} page={page} reply={reply} />;
}

export { OrganizationErrorBoundary as ErrorBoundary };
