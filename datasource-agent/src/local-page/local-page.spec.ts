/**
 * The grower's local page (issue 35), driven as a browser without JavaScript drives it: plain form
 * posts. Loopback Host only, a one-time code, CSRF tokens, uploads, descriptions into datasets.yaml,
 * withdraw (after confirmation) and publish again under the same dataset id.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SparqlEngine } from '@datahub/sparql';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasourceCredentials } from '../credentials';
import { DatasetManager } from '../datasets';
import { createLogger } from '../log';
import { AgentState } from '../state';
import { startLocalPage, type LocalPage } from './local-page';

const EXPORT = 'Datum;Tijd;Kasluchttemperatuur (°C);EC drain (mS/cm)\n01-03-2026;09:00;19,4;3,1\n01-03-2026;09:05;19,6;-\n';

/** A raw request, so that the Host header can be anything. */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('the local page', () => {
  let dir: string;
  let engine: SparqlEngine;
  let manager: DatasetManager;
  let page: LocalPage;
  let cookie = '';
  let csrf = '';
  const received: DatasourceCredentials[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'local-page-'));
    const log = createLogger('error');
    engine = new SparqlEngine({ workers: 1 });
    manager = new DatasetManager({ dir, engine, state: AgentState.load(dir), log, rescanIntervalMs: 0 });
    await manager.start();
    page = await startLocalPage({ dir, manager: () => manager, log, credentialsFile: path.join(dir, '.credentials.json'), onCredentials: (c) => void received.push(c), catalogueUrl: 'https://hub.example/datasets' });
  });

  afterAll(async () => {
    await page?.stop();
    await manager?.stop();
    await engine?.close();
  });

  const form = (body: Record<string, string>) => new URLSearchParams({ csrf, ...body });
  const post = (pathname: string, body: FormData | URLSearchParams, headers: Record<string, string> = {}) =>
    fetch(`${page.url}${pathname}`, { method: 'POST', body, redirect: 'manual', headers: { cookie, ...headers } });
  const overview = async (pathname = '/') => (await fetch(`${page.url}${pathname}`, { headers: { cookie } })).text();

  it('answers only on a loopback Host, and only after the one-time code', async () => {
    const port = new URL(page.url).port;
    const rebound = await raw(`${page.url}/start?code=x`, { headers: { host: `databron.aanvaller.test:${port}` } });
    expect(rebound.status).toBe(421);
    expect((await fetch(`${page.url}/`)).status).toBe(401);
    expect((await fetch(`${page.url}/start?code=wrong`, { redirect: 'manual' })).status).toBe(403);

    const opened = await raw(page.openUrl, { headers: { host: `localhost:${port}` } });
    expect(opened.status).toBe(303);
    expect(opened.headers['set-cookie']?.[0]).toMatch(/^databron_sessie=[\w-]+; HttpOnly; SameSite=Strict; Path=\/$/);
    cookie = opened.headers['set-cookie']![0].split(';')[0];
    // The code works once: a second browser (or whoever saw it later) gets nothing.
    expect((await fetch(page.openUrl, { redirect: 'manual' })).status).toBe(403);

    const html = await overview();
    expect(html).toContain('<h1>Uw databron</h1>');
    csrf = /name="csrf" value="([^"]+)"/.exec(html)![1];
  });

  it('refuses forms without its token or from another origin', async () => {
    const upload = new FormData();
    upload.append('bestanden', new Blob([EXPORT]), 'klimaat.csv');
    expect((await post('/bestanden', upload)).status).toBe(403);
    expect(existsSync(path.join(dir, 'klimaat.csv'))).toBe(false);
    const foreign = await post('/beschrijving', form({ bestand: 'x.ttl', naam: 'x' }), { origin: 'http://aanvaller.test' });
    expect(foreign.status).toBe(403);
  });

  it('takes dropped files and shows per file the rows, triples and categories found', async () => {
    const upload = new FormData();
    upload.append('csrf', csrf);
    upload.append('bestanden', new Blob([EXPORT]), 'klimaat.csv');
    upload.append('bestanden', new Blob(['@prefix : <urn:x:> . :a :b :c .']), '../../etc/kas.ttl');
    const answer = await post('/bestanden', upload);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/?melding=toegevoegd');
    expect(existsSync(path.join(dir, 'kas.ttl'))).toBe(true); // the path was dropped, the name kept
    const html = await overview(answer.headers.get('location')!);
    expect(html).toContain('De bestanden zijn toegevoegd.');
    expect(html).toMatch(/<strong>klimaat\.csv<\/strong>.*?<\/td>\s*<td>2<\/td><td>23<\/td><td>Water, Overig<\/td>/s);

    const bad = new FormData();
    bad.append('csrf', csrf);
    bad.append('bestanden', new Blob(['x']), 'script.sh');
    const refused = await post('/bestanden', bad);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('is geen Turtle-, CSV- of Excel-bestand');
  });

  it('writes name and description to datasets.yaml, the file scripters use', async () => {
    const answer = await post('/beschrijving', form({ bestand: 'klimaat.csv', naam: 'Klimaat kas 1', beschrijving: 'Metingen elke 5 minuten' }));
    expect(answer.status).toBe(303);
    const id = manager.list().find((dataset) => dataset.file === 'klimaat.csv')!.id;
    expect(YAML.parse(readFileSync(path.join(dir, 'datasets.yaml'), 'utf8'))).toEqual([
      { file: 'klimaat.csv', name: 'Klimaat kas 1', about: 'Metingen elke 5 minuten', dataset_id: id },
    ]);
    expect(manager.list().find((dataset) => dataset.file === 'klimaat.csv')!.metadata).toMatchObject({ name: 'Klimaat kas 1', about: 'Metingen elke 5 minuten' });
  });

  it('withdraws a dataset only after confirmation, and publishes it again under the same id', async () => {
    const id = manager.list().find((dataset) => dataset.file === 'klimaat.csv')!.id;
    const asked = await post('/intrekken', form({ bestand: 'klimaat.csv' }));
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Ja, intrekken');
    expect(manager.list().map((dataset) => dataset.file)).toContain('klimaat.csv');

    expect((await post('/intrekken', form({ bestand: 'klimaat.csv', bevestigd: 'ja' }))).status).toBe(303);
    expect(manager.list().map((dataset) => dataset.file)).not.toContain('klimaat.csv');
    expect(await overview()).toMatch(/<h2>Ingetrokken<\/h2><ul><li>klimaat\.csv/);

    expect((await post('/publiceren', form({ bestand: 'klimaat.csv' }))).status).toBe(303);
    expect(manager.list().find((dataset) => dataset.file === 'klimaat.csv')?.id).toBe(id);
    expect((await post('/publiceren', form({ bestand: '../datasets.yaml' }))).status).toBe(404);
  });

  it('keeps a dropped credentials file and refuses anything else', async () => {
    const wrong = new FormData();
    wrong.append('csrf', csrf);
    wrong.append('sleutel', new Blob(['{"hello": 1}']), 'iets.json');
    expect((await post('/verbinden', wrong)).status).toBe(400);
    expect(existsSync(path.join(dir, '.credentials.json'))).toBe(false);

    const right = new FormData();
    right.append('csrf', csrf);
    right.append('sleutel', new Blob([JSON.stringify({ datasource_id: 'ds-1', credentials: { datasource_id: 'ds-1', secret: 'a-secret-of-enough-length' } })]), 'datasource-credentials-ds-1.json');
    expect((await post('/verbinden', right)).status).toBe(303);
    expect(received).toEqual([{ datasourceId: 'ds-1', secret: 'a-secret-of-enough-length' }]);
    expect(JSON.parse(readFileSync(path.join(dir, '.credentials.json'), 'utf8')).credentials.datasource_id).toBe('ds-1');
  });

  it('names a file as it is dropped (one form, one press) and links each dataset to the hub catalogue', async () => {
    const upload = new FormData();
    upload.append('csrf', csrf);
    upload.append('bestanden', new Blob([EXPORT]), 'afdeling-3.csv');
    upload.append('naam', '  Kasklimaat afdeling 3 ');
    expect((await post('/bestanden', upload)).status).toBe(303);
    expect(manager.list().find((dataset) => dataset.file === 'afdeling-3.csv')!.metadata.name).toBe('Kasklimaat afdeling 3');
    expect(YAML.parse(readFileSync(path.join(dir, 'datasets.yaml'), 'utf8'))).toContainEqual({ file: 'afdeling-3.csv', name: 'Kasklimaat afdeling 3' });
    expect(await overview()).toContain('<a href="https://hub.example/datasets?q=Kasklimaat%20afdeling%203">Bekijk in de catalogus van de hub</a>');
  });
});
