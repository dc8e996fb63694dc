import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests load dist/ (the worker, the CLI): `npm test` builds first (turbo: test depends on build).
  },
});
