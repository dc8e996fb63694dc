import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { AUTHORISATION_LABELS } from '@datahub/domain';
import { CsrfInput } from '~/components/core/csrf-input';
import { ErrorPanel } from '~/components/core/error-page';
import { ExpiryField, MachtigingFormActions } from '~/components/authorisations/machtiging-form-fields';
import { FormError, useIsPending } from '~/components/core/form-controls';
import { useWithKept } from '~/components/core/kept-form';
import { ScopeCheckboxes } from '~/components/authorisations/scope-checkboxes';
import { pageGet } from '~/lib/core/page-read.server';
import { amsterdamToday } from '@datahub/domain';
import { createAuthorisationAction } from '~/lib/authorisations/authorisations.server';
import { byName } from '~/lib/datasets/datasets';
import { describedBy, type FormReply } from '~/lib/core/forms';
import { pageTitle } from '~/lib/core/meta';

const L = AUTHORISATION_LABELS;

export const meta: MetaFunction = () => [{ title: pageTitle(L.create.title) }];

export async function loader(args: LoaderFunctionArgs) {
  // One call to nest-api: your datasets and the organisations you may grant to (null: you may not grant).
  const { datasets, organizations } = await pageGet(args, '/api/pages/new-authorisation');
  if (!datasets || !organizations) return { form: null };
  return {
    form: {
      datasets: datasets.sort(byName).map((dataset) => ({ id: dataset.dataset_id, name: dataset.name || dataset.slug })),
      organizations: organizations.map((organization) => ({ id: organization.organization_id, name: organization.name })),
      today: amsterdamToday(),
    },
  };
}

export function action(args: ActionFunctionArgs) {
  return createAuthorisationAction(args);
}

const selectClass = (error?: string) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-stone-900 shadow-sm outline-none focus:ring-2 focus:ring-brand-500 ${error ? 'border-red-600' : 'border-stone-300'}`;

function FieldError({ name, error }: { name: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

export default function NewAuthorisationPage() {
  const { form } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as (FormReply & { scopes?: string[] }) | undefined;
  const pending = useIsPending();
  const errors = reply?.fieldErrors ?? {};
  const values = useWithKept<Record<string, string | undefined>>(reply?.values ?? {});
  const ticked = new Set(reply?.scopes ?? []);
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.create.title}</h1>
      {form === null ? (
        <p role="note" className="mt-6 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          {L.noRights}
        </p>
      ) : form.datasets.length === 0 ? (
        <p className="mt-6 text-stone-700">{L.create.noDatasets}</p>
      ) : (
        <>
          <p className="mt-2 text-stone-600">{L.create.intro}</p>
          <Form method="post" className="mt-6 space-y-6 rounded-lg border border-stone-200 bg-white p-6 shadow-sm" noValidate>
            <CsrfInput />
            <FormError message={reply?.formError} />
            <div>
              <label htmlFor="dataset" className="block text-sm font-medium text-stone-800">
                {L.create.dataset}
              </label>
              <select id="dataset" name="dataset" required defaultValue={values.dataset ?? ''} className={selectClass(errors.dataset)} {...describedBy('dataset', { error: errors.dataset })}>
                <option value="">{L.create.datasetPlaceholder}</option>
                {form.datasets.map((dataset) => (
                  <option key={dataset.id} value={dataset.id}>
                    {dataset.name}
                  </option>
                ))}
              </select>
              <FieldError name="dataset" error={errors.dataset} />
            </div>
            <div>
              <label htmlFor="assignee_organization" className="block text-sm font-medium text-stone-800">
                {L.create.assignee}
              </label>
              <select
                id="assignee_organization"
                name="assignee_organization"
                required
                defaultValue={values.assignee_organization ?? ''}
                className={selectClass(errors.assignee_organization)}
                {...describedBy('assignee_organization', { error: errors.assignee_organization })}
              >
                <option value="">{L.create.assigneePlaceholder}</option>
                {form.organizations.map((organization) => (
                  <option key={organization.id} value={organization.id}>
                    {organization.name}
                  </option>
                ))}
              </select>
              <FieldError name="assignee_organization" error={errors.assignee_organization} />
            </div>
            <ExpiryField today={form.today} value={values.expiration_date ?? ''} error={errors.expiration_date} />
            <ScopeCheckboxes legend={L.create.categories} ticked={ticked} error={errors.authorisations} />
            <MachtigingFormActions pending={pending} pendingLabel={L.create.creating}>
              {L.create.submit}
            </MachtigingFormActions>
          </Form>
        </>
      )}
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
