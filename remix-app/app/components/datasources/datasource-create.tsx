import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { DATASET_LABELS } from '@datahub/domain';
import type { FormReply } from '~/lib/core/forms';
import { CsrfInput } from '~/components/core/csrf-input';
import { sectionClass } from '~/components/datasets/dataset-cards';
import { DatasourceNoRights } from '~/components/datasources/datasource-list';
import { FormError, SubmitButton, TextField, useIsPending } from '~/components/core/form-controls';

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
  reply?: FormReply;
  withHostname: boolean;
  children?: ReactNode;
}) {
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{title}</h1>
      <p className="mt-2 text-stone-600">{intro}</p>
      {children}
      {!canCreate ? <DatasourceNoRights /> : <DatasourceCreateForm reply={reply} withHostname={withHostname} />}
    </div>
  );
}
