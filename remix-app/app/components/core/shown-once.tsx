import { createContext, useContext, type ReactNode } from 'react';
import type { ShownOnce } from '~/lib/core/shown-once.server';

const ShownOnceContext = createContext<ShownOnce | null>(null);

export function ShownOnceProvider({ value, children }: { value: ShownOnce | null; children: ReactNode }) {
  return <ShownOnceContext.Provider value={value}>{children}</ShownOnceContext.Provider>;
}

export function useShownOnce<K extends ShownOnce['kind']>(kind: K): Extract<ShownOnce, { kind: K }> | null {
  const value = useContext(ShownOnceContext);
  return value?.kind === kind ? (value as Extract<ShownOnce, { kind: K }>) : null;
}
