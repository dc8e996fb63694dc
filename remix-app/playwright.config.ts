import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { API_PORT, CSRF_SECRET, JWT_SECRET, MAIL_HTTP_PORT, PORTAL_PORT, SMTP_PORT } from './tests/e2e/settings';

// The config is also loaded by every worker: only the first load makes the data directory.
if (!process.env.DATAHUB_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'datahub-e2e-'));
  process.env.DATAHUB_E2E_DATA_DIR = dataDir;
  // Runs after the web servers have been stopped.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

const EMPTY_CATALOGUE = /catalogue-empty\.spec\.ts$/;
const EMPTY_CATALOGUE_PROJECTS = ['empty-catalogue-js', 'empty-catalogue-no-js'];

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  // One retry: a test that fails twice fails the run; a test that passed only on its retry is
  // listed as 'flaky' in the report (ADR 0056). Shared 2-core machines stretch timings past any bound.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORTAL_PORT}`,
    locale: 'nl-NL',
    // Recording traces costs a fair share of two cores; set PW_TRACE=1 to keep them for failures.
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The empty catalogue can only be seen before catalogue-online.spec.ts puts datasets online
    // (a real data source on loopback): these two run first, and every other spec waits for both.
    { name: 'empty-catalogue-js', testMatch: EMPTY_CATALOGUE, use: { ...chromium, javaScriptEnabled: true } },
    { name: 'empty-catalogue-no-js', testMatch: EMPTY_CATALOGUE, use: { ...chromium, javaScriptEnabled: false } },
    { name: 'js', testIgnore: EMPTY_CATALOGUE, dependencies: EMPTY_CATALOGUE_PROJECTS, use: { ...chromium, javaScriptEnabled: true } },
    { name: 'no-js', testIgnore: EMPTY_CATALOGUE, dependencies: EMPTY_CATALOGUE_PROJECTS, use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: [
    {
      // Invitation mail goes out through real SMTP to this sink; the specs read it over HTTP.
      command: 'node tests/e2e/smtp-sink.mjs',
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: { SMTP_SINK_PORT: String(SMTP_PORT), SMTP_SINK_HTTP_PORT: String(MAIL_HTTP_PORT) },
    },
    {
      command: 'node ../nest-api/dist/main.js',
      url: `http://127.0.0.1:${API_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(API_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.DATAHUB_E2E_DATA_DIR!,
        JWT_SECRET,
        CSRF_SECRET,
        PUBLIC_URL: `http://127.0.0.1:${PORTAL_PORT}`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        DEMO_SEED: 'true',
        SIGNUP_ENABLED: 'true',
        REQUIRE_2FA_FOR_ADMINS: 'false',
        LOGIN_RATE_LIMIT_PER_ACCOUNT: '100000',
        LOGIN_RATE_LIMIT_PER_ADDRESS: '100000',
        LOG_LEVEL: 'warn',
        // catalogue-online.spec.ts runs the reference data source on 127.0.0.1 (plain http), and
        // waits for discovery to notice it stopping: a round every 2 seconds.
        ALLOW_PRIVATE_HOSTS: 'true',
        DISCOVERY_INTERVAL_SECONDS: '2',
        // Expiry reminders would mail test users whose tokens happen to end soon, at any hour's turn.
        REMINDER_INTERVAL_SECONDS: '0',
      },
    },
    {
      command: 'node server.js',
      url: `http://127.0.0.1:${PORTAL_PORT}/inloggen`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        NODE_ENV: 'production',
        PORT: String(PORTAL_PORT),
        HOST: '127.0.0.1',
        API_URL: `http://127.0.0.1:${API_PORT}`,
        CSRF_SECRET,
      },
    },
  ],
});
