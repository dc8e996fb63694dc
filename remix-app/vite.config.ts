import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

const domainSource = (path: string) => fileURLToPath(new URL(`../libs/domain/src/${path}`, import.meta.url));

/** The workspace libraries ship CommonJS in dist; the portal compiles their TypeScript source instead. */
export const aliases = [
  { find: /^@datahub\/api-client$/, replacement: fileURLToPath(new URL('../libs/api-client/src/index.ts', import.meta.url)) },
  { find: /^@datahub\/domain\/server$/, replacement: domainSource('server/index.ts') },
  { find: /^@datahub\/domain$/, replacement: domainSource('index.ts') },
  { find: /^~\//, replacement: `${fileURLToPath(new URL('./app/', import.meta.url))}` },
];

export default defineConfig({
  resolve: { alias: aliases },
  server: { fs: { allow: ['..'] } },
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
