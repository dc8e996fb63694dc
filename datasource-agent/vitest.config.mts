import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The end-to-end tests start dist/cli.js: build it first when the sources are newer.
    globalSetup: ['./vitest.global-setup.mts'],
  },
});
