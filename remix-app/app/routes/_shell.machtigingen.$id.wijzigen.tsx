import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { AUTHORISATION_CARD_LABELS as C, AUTHORISATION_LABELS as L, CONFIRM_LABELS, DATASET_LABELS, amsterdamToday } from '@datahub/domain';
import { CsrfInput } from '~/components/core/csrf-input';
import { ErrorPanel } from '~/components/core/error-page';
import { ExpiryField, MachtigingFormActions } from '~/components/authorisations/machtiging-form-fields';
import { FormError, useIsPending } from '~/components/core/form-controls';
import { ScopeCheckboxes } from '~/components/authorisations/scope-checkboxes';
import { editAuthorisationGroupAction, type GroupEditReply } from '~/lib/authorisations/authorisation-group-edit.server';
import { givenGroup } from '~/lib/authorisations/given-group.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? C.editTitle : CONFIRM_LABELS.pageTitle) }];

export async function loader(args: LoaderFunctionArgs) {
  const { user, group } = await givenGroup(args);
  if (!user.permissions.includes('AuthorisationAssignment.Create')) throw data(CONFIRM_LABELS.notFound, { status: 404 });
  // One expiry for the whole card: the earliest when they differ (ADR 0033).
  const expiration = group.grants.flatMap((grant) => (grant.expiration_date ? [grant.expiration_date] : [])).sort()[0] ?? '';
  const { first } = group;
  return {
    dataset: { id: first.dataset_id, name: first.dataset_name || DATASET_LABELS.datasets.unnamed },
    assignee: { id: first.assignee_organization, name: first.assignee_organization_name },
    scopes: group.scopes,
    expiration,
    today: amsterdamToday(),
  };
}

export function action(args: ActionFunctionArgs) {
  return editAuthorisationGroupAction(args);
}

export default function EditAuthorisationGroupPage() {
  const group = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as GroupEditReply | undefined;
  const pending = useIsPending();
  const errors = reply?.fieldErrors ?? {};
  const ticked = new Set(reply?.scopes ?? group.scopes);
  const expiration = reply?.values?.expiration_date ?? group.expiration;
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{C.editTitle}</h1>
      <p className="mt-2 text-stone-600">{C.editIntro(group.dataset.name, group.assignee.name)}</p>
      <Form method="post" className="mt-6 space-y-6 rounded-lg border border-stone-200 bg-white p-6 shadow-sm" noValidate>
        <CsrfInput />
        <input type="hidden" name="dataset_id" value={group.dataset.id} />
        <input type="hidden" name="dataset_name" value={group.dataset.name} />
        <input type="hidden" name="assignee_organization" value={group.assignee.id} />
        <input type="hidden" name="assignee_organization_name" value={group.assignee.name} />
        <FormError message={reply?.formError} />
        <ScopeCheckboxes legend={L.create.categories} ticked={ticked} error={errors.authorisations} />
        <ExpiryField today={group.today} value={expiration} error={errors.expiration_date} />
        <MachtigingFormActions pending={pending} pendingLabel={C.saving}>
          {C.submit}
        </MachtigingFormActions>
      </Form>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
