import { createContext, useContext, type ReactNode } from 'react';
import { ACCOUNT_LABELS } from '@datahub/domain';

/** Empty unless this page's form was posted after the session ended (lib/account/kept-forms.server.ts). */
const KeptFormContext = createContext<Record<string, string[]> | null>(null);

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

/** For a page with several forms with the same field names. */
const KeptScopeContext = createContext<string | null>(null);

/** Its fields show the kept values only when this form was the one posted. Put inside the form element. */
export function KeptFormScope({ id, children }: { id: string; children: ReactNode }) {
  return (
    <KeptScopeContext.Provider value={id}>
      <input type="hidden" name={KEPT_FORM_FIELD} value={id} />
      {children}
    </KeptScopeContext.Provider>
  );
}

function useScopedKept(): Record<string, string[]> | null {
  const kept = useContext(KeptFormContext);
  const scope = useContext(KeptScopeContext);
  if (!kept) return null;
  return (kept[KEPT_FORM_FIELD]?.[0] ?? null) === scope ? kept : null;
}

/** Text, textarea, select, date, or a radio group's choice. */
export function useKeptValue(name: string): string | undefined {
  return useScopedKept()?.[name]?.[0];
}

/** A checkbox group or multi-select; undefined when none was posted. */
export function useKeptValues(name: string): readonly string[] | undefined {
  return useScopedKept()?.[name];
}

/** For components that draw their fields from one record: the kept first values over `values`. */
export function useWithKept<T extends object>(values: T): T {
  const kept = useScopedKept();
  if (!kept) return values;
  const merged: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const [name, list] of Object.entries(kept)) merged[name] = list[0];
  return merged as T;
}

/** A group whose boxes were all unticked posts nothing, so it shows `fallback`. */
export function useKeptTicks(name: string): (value: string, fallback: boolean) => boolean {
  const kept = useKeptValues(name);
  return (value, fallback) => (kept ? kept.includes(value) : fallback);
}
