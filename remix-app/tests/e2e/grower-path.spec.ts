import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DATASOURCE_DETAIL_LABELS, WELCOME_LABELS } from '@datahub/domain';
import { DATASET_LABELS, LABELS, SIGNUP_VERIFICATION_LABELS } from './domain';
import { expect, test } from './fixtures';
import { api, apiLogin, uniqueEmail, verificationPathFromMail } from './helpers';

/**
 * Issue 35's 'Done when', as a new grower on a machine without Node would go: sign up, create a data
 * source, download one file, start it with the line the hub shows, drop a climate-computer CSV export
 * on its local page, and find the dataset online in the hub's catalogue — at most 15 actions, with
 * JavaScript on and off. The wall time goes into the test's annotations (docs/benchmarks.md), never
 * into an assertion.
 */
const G = DATASOURCE_DETAIL_LABELS;
const L = DATASET_LABELS;

/** A climate computer's export: semicolons, decimal commas, Dutch headers, date and time columns, a gap. */
const EXPORT = [
  'Datum;Tijd;Kasluchttemperatuur (°C);EC drain (mS/cm)',
  '28-03-2026;23:55;18,9;3,0',
  '29-03-2026;00:00;18,7;3,1',
  '29-03-2026;00:05;18,6;-',
  '29-03-2026;00:10;18,6;3,2',
].join('\n');

/**
 * What the person does, counted: every click, submit, file drop, link followed (from the mail or
 * the terminal) and key press (copy, paste, Enter). Typing a text into a field is no action of its
 * own; neither is arriving at the hub's sign-up address, opening the mail or a terminal in the
 * download folder.
 */
class Person {
  readonly actions: string[] = [];
  readonly typed: string[] = [];

  constructor(private readonly page: Page) {}

  async click(what: string, target: Locator) {
    this.actions.push(what);
    await target.click();
  }

  async type(field: Locator, text: string) {
    this.typed.push(text);
    await field.fill(text);
  }

  async drop(what: string, target: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
    this.actions.push(what);
    await target.setInputFiles(file);
  }

  /** A link in another program (the mail, the terminal): the browser opens it. */
  async follow(what: string, page: Page, url: string) {
    this.actions.push(what);
    await page.goto(url);
  }

  /** A key pressed outside the browser (the terminal). */
  key(what: string) {
    this.actions.push(what);
  }

  async press(what: string, key: string) {
    this.actions.push(what);
    await this.page.keyboard.press(key);
  }
}

/** The listening TCP sockets of every process in a process group, as 'address:port' (from /proc). */
function listeningSockets(group: number): string[] {
  const inodes = new Set<string>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // The process group is the 5th field after the command in parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== group) continue;
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (socket) inodes.add(socket[1]);
      }
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] !== '0A' || !inodes.has(fields[9])) continue; // 0A: LISTEN
      const [address, port] = fields[1].split(':');
      const ip = address.length === 8 ? address.match(/../g)!.reverse().map((byte) => parseInt(byte, 16)).join('.') : `[${address}]`;
      found.push(`${ip}:${parseInt(port, 16)}`);
    }
  }
  return found;
}

let dir: string | undefined;
let agent: ChildProcess | undefined;
let output = '';

test.afterAll(async () => {
  // The whole process group: the shell of the start line and the data source it started.
  if (agent?.pid && agent.exitCode === null && agent.signalCode === null) {
    const exited = new Promise((done) => agent!.once('exit', done));
    process.kill(-agent.pid, 'SIGTERM');
    const killer = setTimeout(() => process.kill(-agent!.pid!, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

test("a new grower without Node: sign up, one file, one start line, a CSV dropped, the dataset online in the catalogue — at most 15 actions", async ({ page, context, javaScriptEnabled }, testInfo) => {
  test.setTimeout(300_000);
  const started = Date.now();
  const person = new Person(page);
  const run = `${testInfo.project.name}-${randomUUID().slice(0, 8)}`;
  const account = { firstname: 'Gerda', lastname: `Teler ${run}`, email: uniqueEmail('teler'), password: `Kas-${randomUUID()}` };
  const sourceName = `Klimaatcomputer ${run}`;
  const datasetName = `Kasklimaat afdeling 3 ${run}`;
  const home = await mkdtemp(join(tmpdir(), 'datahub-e2e-grower-'));
  dir = home;

  // Sign up: the form, the link in the mail, the password once more; the hub greets the new owner.
  await page.goto('/registreren');
  await person.type(page.getByLabel(LABELS.signup.firstname, { exact: true }), account.firstname);
  await person.type(page.getByLabel(LABELS.signup.lastname, { exact: true }), account.lastname);
  await person.type(page.getByLabel(LABELS.signup.email, { exact: true }), account.email);
  await person.type(page.getByLabel(LABELS.signup.password, { exact: true }), account.password);
  await person.click('account aanmaken', page.getByRole('button', { name: LABELS.signup.submit }));
  await expect(page).toHaveURL(/\/registreren\/verstuurd$/);
  await person.follow('link in de e-mail', page, await verificationPathFromMail(account.email));
  await person.type(page.getByLabel(LABELS.signup.password, { exact: true }), account.password);
  await person.click('account activeren', page.getByRole('button', { name: SIGNUP_VERIFICATION_LABELS.confirm }));
  await expect(page).toHaveURL(/\/$/);

  // A data source, the connect-out way: a name and no address.
  await person.click('registreer een databron', page.getByRole('link', { name: WELCOME_LABELS.steps.owner[0].title }));
  await expect(page).toHaveURL(/\/databronnen\/aanmaken$/);
  await person.type(page.getByLabel(L.datasourceCreate.name, { exact: true }), sourceName);
  await expect(page.getByLabel(L.datasourceCreate.hostname, { exact: true })).toHaveValue('');
  await person.click('aanmaken', page.getByRole('button', { name: L.datasourceCreate.submit }));
  await expect(page.getByRole('heading', { level: 1, name: sourceName })).toBeVisible();

  // One download: the executable. Saved as the browser would, in a folder of its own.
  const grower = page.getByRole('region', { name: G.growerTitle });
  const downloads = join(home, 'Downloads');
  await mkdir(downloads);
  const downloading = page.waitForEvent('download');
  await person.click('databron downloaden', grower.getByRole('link', { name: G.executableLink }));
  const download = await downloading;
  await download.saveAs(join(downloads, download.suggestedFilename()));
  expect(await readdir(downloads)).toEqual(['datahub-databron-linux-x64']);

  // The start line, copied from the page: with JavaScript its copy button; without, a click selects it whole.
  const shown = grower.getByLabel(G.executableStartLabel);
  let line: string;
  if (javaScriptEnabled) {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await person.click('kopiëren', grower.getByRole('button', { name: new RegExp(`^${G.copy}\\W*${G.executableStartLabel}$`) }));
    await expect(grower.getByRole('status').filter({ hasText: G.copied })).toBeVisible();
    line = await page.evaluate(() => navigator.clipboard.readText());
  } else {
    await person.click('startopdracht selecteren', shown);
    await person.press('Ctrl+C', 'Control+c');
    line = (await shown.textContent()) ?? '';
  }
  expect(line).toBe(await shown.textContent());
  // It carries the key: nothing else to download or place.
  expect(line).toMatch(/^chmod \+x datahub-databron-linux-x64 && DATAHUB_SLEUTEL=[0-9a-f-]{36}:[\w-]{43} \.\/datahub-databron-linux-x64 .*--hub-connect/);

  // Pasted into a terminal in the download folder, where no `node` exists: only a shell and chmod.
  const bin = join(home, 'bin');
  await mkdir(bin);
  for (const tool of ['sh', 'chmod']) symlinkSync(`/bin/${tool}`, join(bin, tool));
  expect(bin.split(delimiter).some((folder) => existsSync(join(folder, 'node')))).toBe(false);
  person.key('plakken in de terminal');
  person.key('Enter');
  const shell = spawn('/bin/sh', ['-c', line], {
    cwd: downloads,
    // Nothing from this machine's environment: the PATH of two tools, a home of its own.
    env: { PATH: bin, HOME: home, TMPDIR: home, LANG: 'nl_NL.UTF-8' } as unknown as NodeJS.ProcessEnv, // (the portal's types make NODE_ENV required)
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  agent = shell;
  shell.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  shell.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => /eenmalige link\): (\S+)/.exec(output)?.[1], { timeout: 60_000, message: output }).toBeTruthy();
  const openUrl = /eenmalige link\): (\S+)/.exec(output)![1];
  const pagePort = Number(new URL(openUrl).port);
  await expect.poll(() => output, { timeout: 60_000, message: output }).toMatch(/connected to the hub/);
  // It dialled out: the one port it listens on is its page, on loopback.
  expect(listeningSockets(shell.pid!)).toEqual([`127.0.0.1:${pagePort}`]);
  // The key went into the credentials file beside it, for the next start.
  expect(readdirSync(downloads).filter((name) => name.startsWith('datasource-credentials-'))).toHaveLength(1);

  // The local page, opened from the terminal in a new tab: the export dropped, named, added.
  const local = await context.newPage();
  await person.follow('link in de terminal', local, openUrl);
  await expect(local.getByRole('heading', { level: 1, name: 'Uw databron' })).toBeVisible();
  await person.drop('export neerzetten', local.getByLabel('Bestanden', { exact: true }), { name: 'klimaat-afdeling-3.csv', mimeType: 'text/csv', buffer: Buffer.from(EXPORT) });
  await person.type(local.getByLabel(/^Naam van de dataset/), datasetName);
  await person.click('toevoegen', local.getByRole('button', { name: 'Toevoegen' }));
  await expect(local.getByRole('status')).toHaveText('De bestanden zijn toegevoegd.');
  const row = local.getByRole('row').filter({ hasText: 'klimaat-afdeling-3.csv' });
  await expect(row.getByRole('cell').nth(1)).toHaveText('4');
  await expect(row.getByRole('cell').nth(3)).toHaveText('Water, Overig');
  await expect(row.getByLabel('Naam', { exact: true })).toHaveValue(datasetName);

  // The hub reads the new dataset from the data source; the person waits a moment (no action).
  const token = await apiLogin(account.email, account.password);
  const mine = async () => (await api(token, 'get', '/api/my-datasets')).data.find((dataset) => dataset.name === datasetName);
  await expect.poll(async () => (await mine())?.status, { timeout: 90_000, message: output }).toBe('online');

  // Back in the hub: the catalogue, searched on the name, lists it online; its page opens.
  await person.click('bekijk in de catalogus', row.getByRole('link', { name: 'Bekijk in de catalogus van de hub' }));
  await expect(local).toHaveURL(/\/datasets\?q=/);
  const listed = local.getByRole('list', { name: L.datasets.title }).locator(`a[href="/dataset/${(await mine())!.slug}"]`);
  await expect(listed).toContainText(datasetName);
  await person.click('dataset openen', listed);
  await expect(local.getByRole('heading', { level: 1, name: datasetName })).toBeVisible();

  const seconds = Math.round((Date.now() - started) / 1000);
  testInfo.annotations.push({ type: 'handelingen', description: `${person.actions.length}: ${person.actions.join(', ')}` });
  testInfo.annotations.push({ type: 'velden getypt', description: String(person.typed.length) });
  testInfo.annotations.push({ type: 'wandkloktijd', description: `${seconds} s` });
  console.log(`grower path (${testInfo.project.name}): ${person.actions.length} actions, ${person.typed.length} fields typed, ${seconds} s wall time`);
  expect(person.actions.length, person.actions.join(', ')).toBeLessThanOrEqual(15);
});
