import { createContext, useContext } from 'react';

/** Only known while rendering on the server (browsers hide it). */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
