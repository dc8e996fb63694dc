import { test as base } from '@playwright/test';
import { setAccessToken } from './helpers';
import { API_PORT, DEMO_PASSWORD } from './settings';

interface Fixtures {
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
