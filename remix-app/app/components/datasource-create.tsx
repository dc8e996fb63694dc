import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { DATASET_LABELS } from '@datahub/domain';
import type { CreatedDatasourceView } from '@datahub/api-client';
import { credentialsDataUrl, credentialsFileName } from '~/lib/datasets/datasets';
import type { FormReply } from '~/lib/core/forms';
import { CsrfInput } from './csrf-input';
import { sectionClass } from './dataset-cards';
import { DatasourceNoRights } from './datasource-list';
import { FormError, SubmitButton, TextField, useIsPending } from './form-controls';
import { primaryButton } from './button';

const L = DATASET_LABELS.datasourceCreate;

function DatasourceCreateForm({ reply, withHostname }: { reply?: FormReply; withHostname: boolean }) {
  const pending = useIsPending();
  const values = reply?.values ?? {};
  return (
    <Form method="post" noValidate className={`${sectionClass} space-y-6`}>
      <FormError message={reply?.formError} />
      <TextField name="name" label={L.name} required maxLength={100} defaultValue={values.name ?? ''} error={reply?.fieldErrors?.name} />
      {withHostname ? (
        <TextField
          name="hostname"
          label={L.hostname}
          hint={L.hostnameHint}
          maxLength={260}
          autoComplete="off"
          spellCheck={false}
          defaultValue={values.hostname ?? ''}
          error={reply?.fieldErrors?.hostname}
        />
      ) : null}
      <SubmitButton pending={pending} pendingLabel={L.creating}>
        {L.submit}
      </SubmitButton>
      <CsrfInput />
    </Form>
  );
}

/** The creation answer, shown once: the credentials file as a download that needs no JavaScript. */
export function DatasourceCreated({
  created,
  showCloudInit,
  heading = L.created(created.name),
  note,
}: {
  created: CreatedDatasourceView;
  showCloudInit: boolean;
  heading?: string;
  note?: string;
}) {
  return (
    <section aria-labelledby="databron-aangemaakt" className={sectionClass}>
      <h2 id="databron-aangemaakt" role="status" className="text-xl font-semibold text-stone-900">
        {heading}
      </h2>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <dt className="font-medium text-stone-700">{L.name}</dt>
        <dd className="text-stone-900">{created.name}</dd>
        <dt className="font-medium text-stone-700">{L.hostname}</dt>
        <dd className="text-stone-900">{created.hostname || DATASET_LABELS.datasources.noHostname}</dd>
      </dl>
      <p className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">{L.secretOnce}</p>
      {note ? <p className="mt-4 text-sm text-stone-700">{note}</p> : null}
      <p className="mt-4">
        <a
          href={credentialsDataUrl(created)}
          download={credentialsFileName(created.datasource_id)}
          className={primaryButton('inline-flex items-center')}
        >
          {L.download}
        </a>
      </p>
      {showCloudInit ? (
        <div className="mt-6">
          <h3 className="font-semibold text-stone-900">{L.cloudInit}</h3>
          <p className="mt-1 text-sm text-stone-600">{L.cloudInitHint}</p>
          <label htmlFor="cloud-init" className="sr-only">
            {L.cloudInit}
          </label>
          <textarea
            id="cloud-init"
            readOnly
            rows={12}
            value={created.cloud_init_config}
            className="mt-2 block w-full rounded-md border border-stone-300 bg-stone-50 p-3 font-mono text-xs text-stone-900"
          />
        </div>
      ) : null}
      <p className="mt-6">
        <Link to="/databronnen" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {L.backToList}
        </Link>
      </p>
    </section>
  );
}

export function DatasourceCreatePage({
  title,
  intro,
  canCreate,
  reply,
  withHostname,
  children,
}: {
  title: string;
  intro: string;
  canCreate: boolean;
  reply?: FormReply & { created?: CreatedDatasourceView };
  withHostname: boolean;
  children?: ReactNode;
}) {
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{title}</h1>
      <p className="mt-2 text-stone-600">{intro}</p>
      {children}
      {!canCreate ? (
        <DatasourceNoRights />
      ) : reply?.created ? (
        <DatasourceCreated created={reply.created} showCloudInit={!withHostname} />
      ) : (
        <DatasourceCreateForm reply={reply} withHostname={withHostname} />
      )}
    </div>
  );
}
