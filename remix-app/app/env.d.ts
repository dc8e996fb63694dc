/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The CSP nonce server.js generated for this response. */
    cspNonce: string;
    /** A cached page keeps the nonce it was rendered with. */
    setCspNonce: (nonce: string) => void;
    /** Not a single-fetch `.data` request: an action may ask the page's reads early. */
    documentRequest?: boolean;
  }
}

export {};
