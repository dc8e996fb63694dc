import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './agent';
import { expect, test } from './fixtures';
import { api, apiLogin } from './helpers';
import { API_PORT, DEMO_USERS } from './settings';

/**
 * The grower's local page of the data source (issue 35), as a grower uses it, with JavaScript on
 * and off: open it with the one-time link the agent prints, drop a climate-computer CSV export, see
 * its rows and categories, give it a name, find it online at the hub, withdraw it after
 * confirmation and see it leave the hub.
 */
const AGENT_CLI = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..'), 'datasource-agent', 'dist', 'cli.js');

const EXPORT =
  'Datum;Tijd;Kasluchttemperatuur (°C);EC drain (mS/cm)\n' +
  '01-03-2026;09:00;19,4;3,1\n' +
  '01-03-2026;09:05;19,6;-\n';

test('a grower drops a climate-computer export on the local page, publishes and withdraws it', async ({ page }, testInfo) => {
  const run = `${testInfo.project.name}-${randomUUID().slice(0, 8)}`;
  const name = `Klimaat kas ${run}`;
  const token = await apiLogin(DEMO_USERS.owner);
  const created = await api(token, 'post', '/api/datasources', { body: { name: `E2E lokale pagina ${run}`, hostname: '' } });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  const dir = await mkdtemp(join(tmpdir(), 'datahub-e2e-local-page-'));
  await writeFile(join(dir, 'credentials.json'), JSON.stringify(created.data));
  await mkdir(join(dir, 'data'));
  const [port, pagePort] = [await freePort(), await freePort()];
  let output = '';
  const agent: ChildProcess = spawn(
    process.execPath,
    [AGENT_CLI, '--credentials', join(dir, 'credentials.json'), '--data', join(dir, 'data'), '--hub', `http://127.0.0.1:${API_PORT}`,
      '--port', String(port), '--public-hostname', `127.0.0.1:${port}`, '--page-port', String(pagePort), '--rescan-interval', '1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  agent.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  agent.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const myDataset = async () => (await api(token, 'get', '/api/my-datasets')).data.find((row) => row.name === name);
  try {
    await expect.poll(() => /eenmalige link\): (\S+)/.exec(output)?.[1], { timeout: 30_000, message: output }).toBeTruthy();
    const openUrl = /eenmalige link\): (\S+)/.exec(output)![1];
    expect(openUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${pagePort}/start\\?code=[\\w-]{32}$`));

    await page.goto(openUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Uw databron' })).toBeVisible();
    await page.getByLabel('Bestanden', { exact: true }).setInputFiles({ name: 'klimaat.csv', mimeType: 'text/csv', buffer: Buffer.from(EXPORT) });
    await page.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(page.getByRole('status')).toHaveText('De bestanden zijn toegevoegd.');
    const row = page.getByRole('row').filter({ hasText: 'klimaat.csv' });
    await expect(row.getByRole('cell')).toHaveText([/klimaat\.csv/, '2', '23', 'Water, Overig', /Naam/]);

    await row.getByLabel('Naam').fill(name);
    await row.getByLabel('Beschrijving').fill('Kasklimaat en drain, elke 5 minuten.');
    await row.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('status')).toHaveText('De beschrijving is opgeslagen.');
    await expect(page.getByRole('row').filter({ hasText: 'klimaat.csv' }).getByLabel('Naam')).toHaveValue(name);
    // The hub registers the dataset and reads its name and categories from the data source.
    await expect.poll(async () => (await myDataset())?.status, { timeout: 60_000, message: output }).toBe('online');

    await page.getByRole('row').filter({ hasText: 'klimaat.csv' }).getByRole('button', { name: 'Intrekken' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dataset intrekken?' })).toBeVisible();
    await page.getByRole('button', { name: 'Ja, intrekken' }).click();
    await expect(page.getByRole('status')).toHaveText('De dataset is ingetrokken: de hub toont hem niet meer.');
    await expect(page.getByRole('heading', { level: 2, name: 'Ingetrokken' })).toBeVisible();
    await expect.poll(async () => (await myDataset())?.status ?? 'weg', { timeout: 60_000, message: output }).not.toBe('online');
  } finally {
    if (agent.exitCode === null && agent.signalCode === null) {
      const exited = new Promise((done) => agent.once('exit', done));
      agent.kill('SIGTERM');
      await exited;
    }
    await api(token, 'delete', '/api/datasources/{id}', { params: { path: { id: created.data.datasource_id } } });
    await rm(dir, { recursive: true, force: true });
  }
});
