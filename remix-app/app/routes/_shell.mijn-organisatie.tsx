import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { API_TOKEN_LABELS, ORGANIZATION_LABELS } from '@datahub/domain';
import { ApiTokensSection } from '~/components/account/api-tokens';
import { MemberApiTokensSection } from '~/components/account/member-api-tokens';
import { memberApiTokenAction } from '~/lib/account/member-api-tokens.server';
import { WebhooksSection } from '~/components/organizations/webhooks';
import { OrganizationErrorBoundary } from '~/components/organizations/organization-error';
import { OrganizationPage } from '~/components/organizations/organization-page';
import { requireCurrentUser } from '~/lib/account/auth.server';
import { pageTitle } from '~/lib/core/meta';
import { readSignedInAction } from '~/lib/core/action.server';
import { apiTokenAction, type TokenReply } from '~/lib/account/api-tokens.server';
import { isMultipart, organizationLogoAction } from '~/lib/applications/logo-upload.server';
import { organizationPageOf, updateOrganization } from '~/lib/organizations/organizations.server';
import { myOrganizationPage } from '~/lib/organizations/my-organization.server';
import { webhookAction, type WebhookReply } from '~/lib/organizations/webhooks.server';

export const meta: MetaFunction = () => [{ title: pageTitle(ORGANIZATION_LABELS.organization.myTitle) }];

export async function loader(args: LoaderFunctionArgs) {
  // One call to nest-api: the organisation page with its tokens and webhooks (null: the section is not shown).
  const page = await myOrganizationPage(args);
  return { ...organizationPageOf(page), apiTokens: page.api_tokens, webhooks: page.webhooks, memberApiTokens: page.member_api_tokens };
}

export async function action(args: ActionFunctionArgs) {
  if (isMultipart(args.request)) {
    const user = await requireCurrentUser(args);
    return organizationLogoAction(args.request, user.organization_slug, '/mijn-organisatie');
  }
  const { user, formData, refused } = await readSignedInAction(args);
  if (refused) return refused;
  const tokenAnswer = await apiTokenAction(args.request, formData, { kind: 'organization', organizationId: user.organization }, '/mijn-organisatie');
  if (tokenAnswer) return tokenAnswer;
  const memberTokenAnswer = await memberApiTokenAction(args.request, formData, user.organization, '/mijn-organisatie');
  if (memberTokenAnswer) return memberTokenAnswer;
  const webhookAnswer = await webhookAction(args.request, formData, user.organization, '/mijn-organisatie');
  if (webhookAnswer) return webhookAnswer;
  return updateOrganization(args, formData, '/mijn-organisatie');
}

export default function MyOrganizationPage() {
  const { apiTokens, webhooks, memberApiTokens, ...page } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const tokenReply = reply && 'intent' in reply && reply.intent === 'api-token' ? (reply as TokenReply) : undefined;
  const webhookReply = reply && 'intent' in reply && reply.intent === 'webhook' ? (reply as WebhookReply) : undefined;
  return (
    <>
      <OrganizationPage title={ORGANIZATION_LABELS.organization.myTitle} page={page} reply={tokenReply || webhookReply ? undefined : (reply as Parameters<typeof OrganizationPage>[0]['reply'])} />
      {apiTokens ? (
        <ApiTokensSection tokens={apiTokens} reply={tokenReply} intro={API_TOKEN_LABELS.introOrganization} action="/mijn-organisatie" confirmBase="/mijn-organisatie/api-tokens" />
      ) : null}
      {memberApiTokens ? <MemberApiTokensSection tokens={memberApiTokens} action="/mijn-organisatie" /> : null}
      {webhooks ? <WebhooksSection webhooks={webhooks} reply={webhookReply} /> : null}
    </>
  );
}

export { OrganizationErrorBoundary as ErrorBoundary };
