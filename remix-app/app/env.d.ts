/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The CSP nonce server.js generated for this response. */
    cspNonce: string;
    /** Sends this nonce in the response's CSP instead (a cached page keeps the nonce it was rendered with). */
    setCspNonce: (nonce: string) => void;
    /** The page is rendered in this answer (not a single-fetch `.data` request): an action may ask the page's reads early. */
    documentRequest?: boolean;
  }
}

export {};
