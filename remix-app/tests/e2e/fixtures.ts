import { test as base } from '@playwright/test';
import { setAccessToken } from './helpers';
import { API_PORT, DEMO_PASSWORD } from './settings';

interface Fixtures {
  /** Runs for every test: a stylesheet or script the portal failed to send is named when the test fails. */
  assetFailures: string[];
  /**
   * Signs the browser in as a demo user without going through the form (the sign-in specs do
   * that): one token per user and worker, straight from nest-api, set as the session cookie.
   */
  signInAs: (email: string) => Promise<string>;
}

interface WorkerFixtures {
  demoTokens: Map<string, string>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  demoTokens: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  assetFailures: [
    async ({ page, javaScriptEnabled }, use, testInfo) => {
      const failures: string[] = [];
      // Without JavaScript the browser refuses every script: only stylesheets count then.
      const asset = (url: string) => new URL(url).pathname.startsWith('/assets/') && (javaScriptEnabled || !url.endsWith('.js'));
      page.on('requestfailed', (request) => {
        if (asset(request.url())) failures.push(`${request.url()}: ${request.failure()?.errorText}`);
      });
      page.on('response', (response) => {
        if (asset(response.url()) && response.status() >= 400) failures.push(`${response.url()}: ${response.status()}`);
      });
      await use(failures);
      if (failures.length > 0 && testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('asset-failures', { body: failures.join('\n'), contentType: 'text/plain' });
        console.warn(`${testInfo.title}: assets not received:\n${failures.join('\n')}`);
      }
    },
    { auto: true },
  ],
  signInAs: async ({ context, baseURL, demoTokens, playwright }, use) => {
    await use(async (email) => {
      let token = demoTokens.get(email);
      if (!token) {
        const api = await playwright.request.newContext();
        const response = await api.post(`http://127.0.0.1:${API_PORT}/api/auth/login`, {
          data: { email, password: DEMO_PASSWORD },
        });
        if (!response.ok()) throw new Error(`Signing in ${email} failed: ${response.status()} ${await response.text()}`);
        token = ((await response.json()) as { access_token: string }).access_token;
        demoTokens.set(email, token);
        await api.dispose();
      }
      await setAccessToken(context, baseURL!, token);
      return token;
    });
  },
});

export { expect } from '@playwright/test';
