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

/** The kept value of field `name` (text, textarea, select, date, a radio group's choice), if any. */
export function useKeptValue(name: string): string | undefined {
  return useContext(KeptFormContext)?.[name]?.[0];
}

/** Every kept value of field `name` (a checkbox group, a multi-select); undefined when none was posted. */
export function useKeptValues(name: string): readonly string[] | undefined {
  return useContext(KeptFormContext)?.[name];
}

/**
 * `values` (a form's own: the server's reply, the stored record) with the kept first values over
 * them, for components that draw their fields from one record (issue 37 item 1).
 */
export function useWithKept<T extends object>(values: T): T {
  const kept = useContext(KeptFormContext);
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
