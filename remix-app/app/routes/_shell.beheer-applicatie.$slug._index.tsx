import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { APPLICATION_LABELS, ERROR_TEXTS } from '@datahub/domain';
import { LogoOrInitials } from '~/components/applications/application-cards';
import { ApplicationForm } from '~/components/applications/application-form';
import { applicationDeletion } from '~/components/applications/application-deletion';
import { ConfirmAction } from '~/components/core/confirm-action';
import { CsrfInput } from '~/components/core/csrf-input';
import { sectionClass } from '~/components/datasets/dataset-cards';
import { ErrorPanel } from '~/components/core/error-page';
import { FormError } from '~/components/core/form-controls';
import { LogoForm } from '~/components/applications/logo-form';
import { pageGet } from '~/lib/core/page-read.server';
import { formValuesOf } from '~/lib/applications/applications';
import {
  editApplicationAction,
  formOptionsOf,
  type ApplicationFormReply,
} from '~/lib/applications/applications-manage.server';
import { pageTitle } from '~/lib/core/meta';
import { primaryButton } from '~/components/core/button';

const L = APPLICATION_LABELS;
const PATH_KINDS = ['host', 'dataset', 'dataset_metadata'] as const;
type PathKind = (typeof PATH_KINDS)[number];

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: pageTitle(page?.application.name ?? L.form.editTitle) }];

export async function loader(args: LoaderFunctionArgs) {
  // nest-api refuses anyone but an organisation admin (403).
  const page = await pageGet(args, '/api/pages/manage-application/{slug}', { params: { path: { slug: args.params.slug ?? '' } } });
  const { application, datasource: linked, path_overrides: found } = page;
  let overrides: Record<PathKind, string> | null = null;
  if (linked && found) {
    overrides = { host: '', dataset: '', dataset_metadata: '' };
    for (const row of found) overrides[row.datasource_path] = row.path_override_pattern;
  }
  return {
    application,
    options: formOptionsOf(page.organizations, page.datasources),
    datasource: linked ? { id: linked.datasource_id, name: linked.name } : null,
    overrides,
  };
}

export function action(args: ActionFunctionArgs) {
  return editApplicationAction(args);
}

function PathOverrides({
  datasource,
  overrides,
  reply,
}: {
  datasource: { id: string; name: string } | null;
  overrides: Record<PathKind, string> | null;
  reply: ApplicationFormReply | undefined;
}) {
  const navigation = useNavigation();
  const P = L.pathOverrides;
  const loading = navigation.state !== 'idle' && navigation.formData?.get('intent')?.toString().startsWith('padoverschrijvingen');
  return (
    <section aria-labelledby="padoverschrijvingen" className={sectionClass}>
      <h2 id="padoverschrijvingen" className="text-xl font-semibold text-stone-900">
        {P.title}
      </h2>
      {loading ? (
        <p role="status" className="mt-3 text-stone-600">
          {P.loading}
        </p>
      ) : !datasource ? (
        <p className="mt-3 text-stone-600">{ERROR_TEXTS.noDatasourceForApplication}</p>
      ) : (
        <>
          <p className="mt-2 text-stone-700">{P.datasourceOf(datasource.name)}</p>
          <p className="mt-1 text-sm text-stone-600">{P.intro}</p>
          <div className="mt-4 empty:hidden">
            <FormError message={reply?.intent === 'padoverschrijvingen' ? reply.formError : undefined} />
          </div>
          {overrides ? (
            <Form noValidate method="post" className="mt-4 space-y-4" aria-label={P.title}>
              <CsrfInput />
              <input type="hidden" name="datasource_id" value={datasource.id} />
              {PATH_KINDS.map((kind) => {
                const kept = reply?.intent === 'padoverschrijvingen' ? reply.values?.[kind] : undefined;
                return (
                  <div key={kind}>
                    <input type="hidden" name={`${kind}_previous`} value={overrides[kind]} />
                    <label htmlFor={`override-${kind}`} className="block text-sm font-medium text-stone-800">
                      {P[kind]}
                    </label>
                    <input
                      id={`override-${kind}`}
                      name={kind}
                      defaultValue={kept ?? overrides[kind]}
                      placeholder={P.placeholders[kind]}
                      className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 font-mono text-sm text-stone-900 shadow-sm outline-none focus:ring-2 focus:ring-brand-500"
                    />
                  </div>
                );
              })}
              <div className="flex flex-wrap gap-3">
                <button
                  type="submit"
                  name="intent"
                  value="padoverschrijvingen"
                  className={primaryButton()}
                >
                  {P.save}
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="padoverschrijvingen-terugzetten"
                  className="rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-800 shadow-sm hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  {P.reset}
                </button>
              </div>
            </Form>
          ) : (
            <p className="mt-3 text-stone-600">{P.forbiddenNote}</p>
          )}
        </>
      )}
    </section>
  );
}

export default function EditApplicationPage() {
  const { application, options, datasource, overrides } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ApplicationFormReply | undefined;
  const formReply = reply?.intent === 'opslaan' || !reply?.intent ? reply : undefined;
  return (
    <div className="max-w-2xl">
      <p className="text-sm">
        <Link to="/beheer-applicaties" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {L.form.backToList}
        </Link>
      </p>
      <div className="mt-2 flex items-center gap-4">
        <LogoOrInitials name={application.name} logoUrl={application.logo_url} />
        <h1 className="min-w-0 break-words text-3xl font-semibold tracking-tight text-stone-900">{application.name}</h1>
      </div>
      <section aria-labelledby="bewerken" className={sectionClass}>
        <h2 id="bewerken" className="text-xl font-semibold text-stone-900">
          {L.form.editTitle}
        </h2>
        <ApplicationForm
          values={formReply?.values ?? formValuesOf(application)}
          fieldErrors={formReply?.fieldErrors}
          formError={formReply?.formError}
          options={options}
          submitLabel={L.form.save}
        />
      </section>
      <section aria-labelledby="applicatie-logo" className={sectionClass}>
        <h2 id="applicatie-logo" className="text-xl font-semibold text-stone-900">
          {L.logo.title}
        </h2>
        <LogoForm name={application.name} logoUrl={application.logo_url} error={reply?.intent === 'logo' ? reply.formError : undefined} />
      </section>
      <PathOverrides datasource={datasource} overrides={overrides} reply={reply} />
      <section aria-labelledby="verwijderen" className={sectionClass}>
        <h2 id="verwijderen" className="text-xl font-semibold text-stone-900">
          {L.remove.button}
        </h2>
        <p className="mt-2 text-stone-700">{L.remove.explain}</p>
        <div className="mt-4">
          <ConfirmAction {...applicationDeletion(application)} />
        </div>
      </section>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
