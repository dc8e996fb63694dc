import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The workspace libraries ship CommonJS for Node and an ES module build under the `module`
 * export condition, which Vite resolves and Node ignores.
 */
export const aliases = [{ find: /^~\//, replacement: `${fileURLToPath(new URL('./app/', import.meta.url))}` }];

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
