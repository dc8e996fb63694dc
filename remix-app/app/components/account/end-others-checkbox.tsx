import { useLocation } from '@remix-run/react';
import { ACCOUNT_LABELS } from '@datahub/domain';

/** The portal reads its absence as unticked. */
export const END_OTHERS_FIELD = 'end_other_sessions_and_tokens';

/** Ticked by default: the safe choice. */
export function EndOthersCheckbox({ id, checked = true }: { id: string; checked?: boolean }) {
  // Each answer mounts the box afresh, so it shows `checked` and not what was clicked before.
  const { key } = useLocation();
  return (
    <div className="flex items-start gap-2">
      <input
        key={key}
        id={id}
        type="checkbox"
        name={END_OTHERS_FIELD}
        value="1"
        defaultChecked={checked}
        aria-describedby={`${id}-hint`}
        className="mt-1 h-4 w-4 rounded border-stone-300 text-brand-600"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          {ACCOUNT_LABELS.endOthers}
        </label>
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {ACCOUNT_LABELS.endOthersHint}
        </p>
      </div>
    </div>
  );
}

export function endOthersChosen(formData: FormData): boolean {
  return formData.has(END_OTHERS_FIELD);
}
