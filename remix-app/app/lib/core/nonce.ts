import { createContext, useContext } from 'react';

/** The per-request CSP nonce; only known while rendering on the server (browsers hide it). */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
