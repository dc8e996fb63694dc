import { Form } from '@remix-run/react';
import { useWithKept } from '~/components/core/kept-form';
import { useState } from 'react';
import { APPLICATION_CATEGORIES, APPLICATION_LABELS, LABELS, LIMITS, characterCounter } from '@datahub/domain';
import type { ApplicationFormValues } from '~/lib/applications/applications';
import type { ApplicationFormOptions } from '~/lib/applications/applications-manage.server';
import { describedBy } from '~/lib/core/forms';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, TextField, useIsPending } from '~/components/core/form-controls';

const L = APPLICATION_LABELS.form;

const inputClass = (error?: string) =>
  `mt-1 block w-full rounded-md border px-3 py-2 text-stone-900 shadow-sm outline-none focus:ring-2 focus:ring-brand-500 ${error ? 'border-red-600' : 'border-stone-300'}`;

function FieldError({ name, error }: { name: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

/** Without JavaScript the count is as the page was sent. */
function CountedTextarea({ name, label, max, defaultValue, error }: { name: string; label: string; max: number; defaultValue: string; error?: string }) {
  const [count, setCount] = useState(defaultValue.length);
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <textarea
        id={name}
        name={name}
        rows={name === 'about' ? 6 : 4}
        defaultValue={defaultValue}
        maxLength={max}
        required
        onChange={(event) => setCount(event.target.value.length)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${name}-error` : null, `${name}-counter`].filter(Boolean).join(' ')}
        className={inputClass(error)}
      />
      <p id={`${name}-counter`} className="mt-1 text-right text-sm text-stone-500" data-testid={`${name}-counter`}>
        {characterCounter(count, max)}
      </p>
      <FieldError name={name} error={error} />
    </div>
  );
}

function Select({
  name,
  label,
  value,
  error,
  hint,
  required,
  onChange,
  children,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  required?: boolean;
  onChange?: React.ChangeEventHandler<HTMLSelectElement>;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select id={name} name={name} defaultValue={value} required={required} onChange={onChange} {...describedBy(name, { error, hint })} className={inputClass(error)}>
        {children}
      </select>
      {hint ? (
        <p id={`${name}-hint`} className="mt-1 text-sm text-stone-500">
          {hint}
        </p>
      ) : null}
      <FieldError name={name} error={error} />
    </div>
  );
}

export function ApplicationForm({
  values,
  fieldErrors = {},
  formError,
  options,
  submitLabel,
}: {
  values: ApplicationFormValues;
  fieldErrors?: Record<string, string>;
  formError?: string;
  options: ApplicationFormOptions;
  submitLabel: string;
}) {
  const pending = useIsPending();
  const shown = useWithKept(values);
  const v = (name: keyof ApplicationFormValues) => shown[name] ?? '';
  // With JavaScript the data-source list follows the chosen owner; without it, all are offered (nest-api checks).
  const [owner, setOwner] = useState<string | null>(null);
  const datasources = options.datasources?.filter((datasource) => owner === null || datasource.organizationId === owner) ?? null;
  return (
    <Form noValidate method="post" className="mt-6 space-y-5" aria-label={submitLabel}>
      <CsrfInput />
      <input type="hidden" name="intent" value="opslaan" />
      <FormError message={formError} />
      <TextField name="name" label={L.name} defaultValue={v('name')} error={fieldErrors.name} required maxLength={100} />
      <Select
        name="owner_organization"
        label={L.ownerOrganization}
        value={v('owner_organization')}
        error={fieldErrors.owner_organization}
        required
        onChange={(event) => setOwner(event.target.value)}
      >
        <option value="">{L.chooseOrganization}</option>
        {options.organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
      </Select>
      <CountedTextarea name="about" label={L.about} max={LIMITS.applicationAboutMax} defaultValue={v('about')} error={fieldErrors.about} />
      <CountedTextarea name="usage" label={L.usage} max={LIMITS.applicationUsageMax} defaultValue={v('usage')} error={fieldErrors.usage} />
      <Select name="category" label={L.category} value={v('category')} error={fieldErrors.category}>
        <option value="">{L.noCategory}</option>
        {APPLICATION_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </Select>
      <TextField
        name="price_per_year"
        label={L.pricePerYear}
        hint={L.pricePerYearHint}
        defaultValue={v('price_per_year')}
        error={fieldErrors.price_per_year}
        inputMode="decimal"
      />
      <TextField name="url" label={L.url} type="url" defaultValue={v('url')} error={fieldErrors.url} required />
      <TextField name="url_terms_of_delivery" label={L.urlTermsOfDelivery} type="url" defaultValue={v('url_terms_of_delivery')} error={fieldErrors.url_terms_of_delivery} />
      <TextField name="url_privacy_statement" label={L.urlPrivacyStatement} type="url" defaultValue={v('url_privacy_statement')} error={fieldErrors.url_privacy_statement} />
      <TextField
        name="url_licence_server"
        label={L.urlLicenceServer}
        hint={L.urlLicenceServerHint}
        defaultValue={v('url_licence_server')}
        error={fieldErrors.url_licence_server}
      />
      {datasources ? (
        <Select name="datasource_id" label={L.datasource} hint={L.datasourceHint} value={v('datasource_id')} error={fieldErrors.datasource_id}>
          <option value="">{L.noDatasource}</option>
          {groupByOrganization(datasources).map(([organization, datasources]) => (
            <optgroup key={organization} label={organization}>
              {datasources.map((datasource) => (
                <option key={datasource.id} value={datasource.id}>
                  {datasource.name}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      ) : null}
      <SubmitButton pending={pending} pendingLabel={LABELS.saving}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

function groupByOrganization<T extends { organizationName: string }>(items: T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.organizationName, [...(groups.get(item.organizationName) ?? []), item]);
  return [...groups.entries()];
}
