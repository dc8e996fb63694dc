import { AUDIT_KIND_LABELS, AUDIT_KINDS, AUDIT_LABELS as L } from '@datahub/domain';
import type { AuditFilterValues } from '~/lib/audit/audit-log';
import { TextField } from '~/components/core/form-controls';

interface Option {
  id: string;
  name: string;
}

const SELECT = 'mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900';

function Select({ name, label, all, options, value }: { name: string; label: string; all: string; options: Option[]; value?: string }) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select id={name} name={name} defaultValue={value ?? ''} className={SELECT}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A plain GET form (works without JavaScript); the API checks every value. */
export function AuditFilters({
  filters,
  errors,
  datasets,
  organizations,
}: {
  filters: AuditFilterValues;
  errors: Record<string, string>;
  datasets: Option[];
  organizations: Option[];
}) {
  const kinds = AUDIT_KINDS.map((kind) => ({ id: kind, name: AUDIT_KIND_LABELS[kind] }));
  return (
    <form method="get" action="/logboek" noValidate aria-label={L.filters} className="mt-6 grid gap-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
      <TextField name="from" type="date" label={L.from} defaultValue={filters.from} error={errors.from} />
      <TextField name="until" type="date" label={L.until} defaultValue={filters.until} error={errors.until} />
      <Select name="kind" label={L.kind} all={L.allKinds} options={kinds} value={filters.kind} />
      <Select name="dataset" label={L.dataset} all={L.allDatasets} options={datasets} value={filters.dataset} />
      <Select name="organization" label={L.organization} all={L.allOrganizations} options={organizations} value={filters.organization} />
      <TextField name="person" type="email" label={L.person} defaultValue={filters.person} error={errors.person} />
      <div className="sm:col-span-2 lg:col-span-3">
        <button type="submit" className="rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100">
          {L.show}
        </button>
      </div>
    </form>
  );
}
