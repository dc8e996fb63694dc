/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The CSP nonce server.js generated for this response. */
    cspNonce: string;
  }
}

export {};
