import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config';

// Separate from vite.config.ts: the Remix plugin must not run under vitest.
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['app/**/*.test.ts', 'server/**/*.test.ts'],
    environment: 'node',
  },
});
