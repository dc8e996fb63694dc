import { createContext, useContext, type ReactNode } from 'react';
import { ACCOUNT_LABELS } from '@datahub/domain';

/** What was typed into this page's form before the session ended (lib/account/kept-forms.server.ts); empty otherwise. */
const KeptFormContext = createContext<Record<string, string[]> | null>(null);

/** Around a page: its fields show the kept values, and a note says why. */
export function KeptFormProvider({ values, children }: { values: Record<string, string[]> | null; children: ReactNode }) {
  return (
    <KeptFormContext.Provider value={values}>
      {values ? (
        <p role="status" className="mb-6 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {ACCOUNT_LABELS.keptForm}
        </p>
      ) : null}
      {children}
    </KeptFormContext.Provider>
  );
}

/** The posted field that says which of a page's forms was kept (KeptFormScope). */
export const KEPT_FORM_FIELD = 'bewaard_formulier';

/** The id of the form around a field, when a page has several forms with the same field names. */
const KeptScopeContext = createContext<string | null>(null);

/**
 * One of several forms on a page (e.g. a decision form per access request): its fields show the
 * kept values only when it was this form that was posted (issue 37 item 1). Put inside the form element.
 */
export function KeptFormScope({ id, children }: { id: string; children: ReactNode }) {
  return (
    <KeptScopeContext.Provider value={id}>
      <input type="hidden" name={KEPT_FORM_FIELD} value={id} />
      {children}
    </KeptScopeContext.Provider>
  );
}

/** The kept values for the form around the caller: none when another of the page's forms was posted. */
function useScopedKept(): Record<string, string[]> | null {
  const kept = useContext(KeptFormContext);
  const scope = useContext(KeptScopeContext);
  if (!kept) return null;
  return (kept[KEPT_FORM_FIELD]?.[0] ?? null) === scope ? kept : null;
}

/** The kept value of field `name` (text, textarea, select, date, a radio group's choice), if any. */
export function useKeptValue(name: string): string | undefined {
  return useScopedKept()?.[name]?.[0];
}

/** Every kept value of field `name` (a checkbox group, a multi-select); undefined when none was posted. */
export function useKeptValues(name: string): readonly string[] | undefined {
  return useScopedKept()?.[name];
}

/**
 * `values` (a form's own: the server's reply, the stored record) with the kept first values over
 * them, for components that draw their fields from one record (issue 37 item 1).
 */
export function useWithKept<T extends object>(values: T): T {
  const kept = useScopedKept();
  if (!kept) return values;
  const merged: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const [name, list] of Object.entries(kept)) merged[name] = list[0];
  return merged as T;
}

/**
 * Whether a checkbox or radio (`name`, `value`) is ticked: as kept when its group was posted,
 * else `fallback`. A group whose boxes were all unticked posts nothing, so it shows `fallback`.
 */
export function useKeptTicks(name: string): (value: string, fallback: boolean) => boolean {
  const kept = useKeptValues(name);
  return (value, fallback) => (kept ? kept.includes(value) : fallback);
}
