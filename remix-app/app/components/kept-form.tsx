import { createContext, useContext, type ReactNode } from 'react';
import { ACCOUNT_LABELS } from '@datahub/domain';

/** What was typed into this page's form before the session ended (lib/account/kept-forms.server.ts); empty otherwise. */
const KeptFormContext = createContext<Record<string, string> | null>(null);

/** Around a page: its fields show the kept values, and a note says why. */
export function KeptFormProvider({ values, children }: { values: Record<string, string> | null; children: ReactNode }) {
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

/** The kept value of field `name`, if any. */
export function useKeptValue(name: string): string | undefined {
  return useContext(KeptFormContext)?.[name];
}
