import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { EVENT_KIND_LABELS, ORGANIZATION_LABELS, WEBHOOK_DELIVERY_STATUS_LABELS as S, WEBHOOK_LABELS as L } from './domain';
import { signUp } from './helpers';
import { openConfirmation } from './confirm-helpers';
import { DEMO_USERS } from './settings';

/** Webhooks on /mijn-organisatie (issue 24): made, secret shown once, a failed delivery resent, removed; with and without JavaScript. */

const O = ORGANIZATION_LABELS.organization;

/** A real receiver on loopback: refuses the first delivery (500), accepts the rest. */
async function startReceiver() {
  const received: { signature: string; body: string }[] = [];
  let refused = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (refused === 0) {
        refused += 1;
        return response.writeHead(500).end();
      }
      received.push({ signature: String(request.headers['x-datahub-signature']), body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => server.close() };
}

test.describe('webhooks', () => {
  test('an owner adds a webhook, sees the secret once, resends a failed delivery and removes the webhook', async ({ page, javaScriptEnabled }) => {
    const receiver = await startReceiver();
    try {
      await signUp(page, { firstname: 'Wim', lastname: 'Webhook' });
      await page.goto('/mijn-organisatie');
      const section = page.getByRole('region', { name: L.title });
      await expect(section.getByText(L.none)).toBeVisible();

      // Checked by the server: an address that is not one, and no kinds.
      const form = section.getByRole('form', { name: L.create });
      await form.getByLabel(L.url).fill('geen adres');
      for (const box of await form.getByRole('checkbox').all()) await box.uncheck();
      await form.getByRole('button', { name: L.create }).click();
      await expect(page.getByText(L.urlInvalid)).toBeVisible();
      await expect(page.getByText(L.kindsRequired)).toBeVisible();

      await form.getByLabel(L.url).fill(receiver.url);
      await form.getByRole('checkbox', { name: new RegExp(EVENT_KIND_LABELS['organization.changed']) }).check();
      await form.getByRole('button', { name: L.create }).click();
      const secretBox = page.getByTestId('webhook-secret');
      await expect(secretBox).toBeVisible();
      const secret = (await secretBox.locator('code').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      // Post/redirect/get: reloading the answer neither adds a second webhook nor shows the secret again.
      await page.reload();
      await expect(page.getByText(secret)).toHaveCount(0);
      await expect(section.getByText(receiver.url)).toHaveCount(1);

      // A change of the organisation is an event: the first delivery fails (500) and is logged.
      const name = `Webhookkwekerij ${Date.now()}`;
      await page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true }).fill(name);
      await page.getByRole('button', { name: O.save }).click();
      await expect(page.getByText(O.saved)).toBeVisible();
      await expect(page.getByText(secret)).toHaveCount(0);
      const log = page.getByTestId('webhook-deliveries');
      await expect(async () => {
        await page.goto('/mijn-organisatie');
        await expect(log.getByRole('row', { name: new RegExp(EVENT_KIND_LABELS['organization.changed']) })).toContainText('500', { timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      const row = log.getByRole('row', { name: new RegExp(EVENT_KIND_LABELS['organization.changed']) });
      await expect(row).toContainText(S.pending);

      // 'Opnieuw versturen' (no confirmation: nothing is lost) sends it at once; the receiver checks the signature.
      await row.getByRole('button', { name: new RegExp(`^${L.resend}`) }).click();
      await expect(page.getByRole('status').filter({ hasText: L.resent })).toBeVisible();
      await expect(async () => {
        await page.goto('/mijn-organisatie');
        await expect(log.getByRole('row', { name: new RegExp(EVENT_KIND_LABELS['organization.changed']) })).toContainText(S.delivered, { timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      expect(receiver.received).toHaveLength(1);
      const [{ signature, body }] = receiver.received;
      const [t, v1] = signature.split(',').map((part) => part.split('=')[1]);
      expect(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')).toBe(v1);
      expect(JSON.parse(body)).toMatchObject({ kind: 'organization.changed', data: { name } });

      const where = await openConfirmation(page, javaScriptEnabled, section.getByRole('button', { name: `${L.remove}: ${receiver.url}` }), L.removeTitle(receiver.url));
      await expect(where.getByText(L.removeQuestion(receiver.url))).toBeVisible();
      await where.getByRole('button', { name: L.remove, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: L.removed })).toBeVisible();
      await expect(page.getByRole('region', { name: L.title }).getByText(L.none)).toBeVisible();
    } finally {
      receiver.close();
    }
  });

  test('a plain member sees no webhooks section and cannot list them', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    await page.goto('/mijn-organisatie');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: L.title })).toHaveCount(0);
    const { organization } = await (await page.request.get('/api/current_user')).json();
    expect((await page.request.get(`/api/organizations/${organization}/webhooks`)).status()).toBe(403);
  });
});
