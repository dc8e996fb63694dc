import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The engine runs its worker from dist/: build it first when the sources are newer.
    globalSetup: ['./vitest.global-setup.mts'],
  },
});
