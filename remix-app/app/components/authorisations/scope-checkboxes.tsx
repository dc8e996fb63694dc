import { DATASET_SCOPES } from '@datahub/domain';
import { describedBy } from '~/lib/core/forms';
import { useKeptTicks } from '~/components/core/kept-form';

export function ScopeCheckboxes({ legend, ticked, error, name = 'authorisations', idPrefix = '' }: { legend: string; ticked: ReadonlySet<string>; error?: string; name?: string; idPrefix?: string }) {
  const id = `${idPrefix}${name}`;
  const isTicked = useKeptTicks(name);
  return (
    <fieldset {...describedBy(id, { error })}>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {DATASET_SCOPES.map((entry) => (
          <label key={entry.scope} className="flex items-center gap-2 text-stone-800">
            <input type="checkbox" name={name} value={entry.scope} defaultChecked={isTicked(entry.scope, ticked.has(entry.scope))} className="h-4 w-4 rounded border-stone-300 text-brand-600" />
            {entry.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
