import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../src/database/embedded-postgres';
import { TEST_CSRF_SECRET, TEST_JWT_SECRET, TEST_PASSWORD, type TestApi } from './harness';
import { waitForHealth } from './waiting';

const main = resolve(__dirname, '..', 'dist', 'main.js');

/**
 * Another real nest-api process (from dist) on the test API's database, healthy when this returns.
 * `env` adds or overrides settings (intervals are off unless given). Stop it with `stopProcess`.
 */
export async function startSecondApi(api: TestApi, env: Record<string, string> = {}, stdio: StdioOptions = ['ignore', 'ignore', 'inherit']): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATABASE_URL: (api.db.options as { url: string }).url,
      JWT_SECRET: TEST_JWT_SECRET,
      CSRF_SECRET: TEST_CSRF_SECRET,
      DEMO_SEED: 'false',
      ADMIN_EMAIL: 'platform-owner@datahub.test',
      ADMIN_PASSWORD: TEST_PASSWORD,
      DISCOVERY_INTERVAL_SECONDS: '0',
      REMINDER_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}/api/health`);
  return { child, url };
}
