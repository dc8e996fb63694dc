/** Loopback only, Host checked (DNS rebinding); a one-time code becomes an HttpOnly SameSite=Strict session; forms carry a CSRF token. */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import busboy from 'busboy';
import YAML from 'yaml';
import { categoryLabel } from '@datahub/domain';
import { isDatasetFileName } from '../catalogue';
import { parseCredentials, type DatasourceCredentials } from '../credentials';
import type { DatasetManager, ServedDataset } from '../datasets';
import type { Logger } from '../log';
import { mappingFileName } from '../tables/read';

export const WITHDRAWN_DIR = 'ingetrokken';
const COOKIE = 'databron_sessie';

export interface LocalPageOptions {
  dir: string;
  /** The served datasets; a getter, since new credentials start the agent anew (cli.ts). */
  manager: () => DatasetManager;
  log: Logger;
  port?: number;
  credentialsFile: string;
  onCredentials?: (credentials: DatasourceCredentials) => Promise<void> | void;
  hubStatus?: () => string;
  maxUploadBytes?: number;
  catalogueUrl?: string;
}

export interface LocalPage {
  url: string;
  openUrl: string;
  stop(): Promise<void>;
}

const MESSAGES: Record<string, string> = {
  toegevoegd: 'De bestanden zijn toegevoegd.',
  opgeslagen: 'De beschrijving is opgeslagen.',
  ingetrokken: 'De dataset is ingetrokken: de hub toont hem niet meer.',
  gepubliceerd: 'De dataset is gepubliceerd.',
  verbonden: 'Het sleutelbestand is opgeslagen.',
};

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookies(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    (request.headers.cookie ?? '').split(';').flatMap((part) => {
      const index = part.indexOf('=');
      return index > 0 ? [[part.slice(0, index).trim(), part.slice(index + 1).trim()]] : [];
    }),
  );
}

export function safeFileName(name: string): string | undefined {
  const base = path.basename(name.replace(/\\/g, '/')).normalize('NFC');
  if (!/^[\p{L}\p{N}][\p{L}\p{N} ._()-]{0,119}$/u.test(base) || !isDatasetFileName(base)) return undefined;
  return base;
}

class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startLocalPage(options: LocalPageOptions): Promise<LocalPage> {
  const { dir, log } = options;
  const manager = {
    list: () => options.manager().list(),
    scan: () => options.manager().scan(),
  };
  const maxUpload = options.maxUploadBytes ?? 200 * 1_048_576;
  let code: string | undefined = randomBytes(24).toString('base64url');
  const sessions = new Map<string, string>(); // session id → CSRF token
  let port = 0;

  const send = (response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // The page has no scripts; the code in the address must not leak to other sites.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      // same-origin, not no-referrer: with no-referrer browsers send 'Origin: null' on the page's own forms.
      'referrer-policy': 'same-origin',
      ...headers,
    });
    response.end(body);
  };
  const redirect = (response: ServerResponse, to: string, headers: Record<string, string> = {}) => send(response, 303, '', { location: to, ...headers });

  const layout = (title: string, body: string) => `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><title>${escape(title)} – Databron</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}
.melding{background:#e8f4ea;padding:.5rem 1rem}.fout{background:#fbeaea;padding:.5rem 1rem}form{margin:.5rem 0}
label{display:block;font-weight:600}input[type=text],textarea{width:100%;max-width:30rem}</style></head>
<body><h1>${escape(title)}</h1>${body}</body></html>`;

  const hidden = (csrf: string) => `<input type="hidden" name="csrf" value="${escape(csrf)}">`;

  const datasetRow = (dataset: ServedDataset, csrf: string) => {
    const categories = dataset.categories.map(categoryLabel).join(', ') || 'geen';
    const table = dataset.table;
    const problems = table && (table.rowsWithoutTime || table.problems.length)
      ? `<p>${table.rowsWithoutTime} rij(en) zonder bruikbare tijd. ${table.problems.slice(0, 3).map(escape).join('; ')}</p>`
      : '';
    // Straight to the hub's catalogue, searched on the name: no tab to find, no menu.
    const atHub = options.catalogueUrl
      ? `<p><a href="${escape(`${options.catalogueUrl}?q=${encodeURIComponent(dataset.metadata.name)}`)}">Bekijk in de catalogus van de hub</a></p>`
      : '';
    const mapping = table ? `<p>Koppeling: <code>${escape(mappingFileName(dataset.file))}</code> (controleer eenheden en categorieën).</p>` : '';
    return `<tr><td><strong>${escape(dataset.file)}</strong>${mapping}${problems}${atHub}</td>
<td>${table ? table.rows : '—'}</td><td>${dataset.triples}</td><td>${escape(categories)}</td>
<td><form method="post" action="/beschrijving">${hidden(csrf)}<input type="hidden" name="bestand" value="${escape(dataset.file)}">
<label for="naam-${escape(dataset.file)}">Naam</label><input type="text" id="naam-${escape(dataset.file)}" name="naam" required maxlength="200" value="${escape(dataset.metadata.name)}">
<label for="over-${escape(dataset.file)}">Beschrijving</label><textarea id="over-${escape(dataset.file)}" name="beschrijving" maxlength="2000">${escape(dataset.metadata.about)}</textarea>
<button type="submit">Opslaan</button></form>
<form method="post" action="/intrekken">${hidden(csrf)}<input type="hidden" name="bestand" value="${escape(dataset.file)}"><button type="submit">Intrekken</button></form></td></tr>`;
  };

  const withdrawnFiles = async () => {
    return (await readdir(path.join(dir, WITHDRAWN_DIR)).catch(() => [] as string[])).filter(isDatasetFileName).sort();
  };

  const overview = async (csrf: string, message?: string, error?: string) => {
    const datasets = manager.list().sort((a, b) => a.file.localeCompare(b.file));
    const withdrawn = await withdrawnFiles();
    const connected = existsSync(options.credentialsFile);
    return layout(
      'Uw databron',
      `${message ? `<p class="melding" role="status">${escape(message)}</p>` : ''}${error ? `<p class="fout" role="alert">${escape(error)}</p>` : ''}
<h2>Verbinding met de hub</h2>
<p>${escape(options.hubStatus?.() ?? (connected ? 'Er is een sleutelbestand opgeslagen.' : 'Nog niet verbonden.'))}</p>
<form method="post" action="/verbinden" enctype="multipart/form-data">${hidden(csrf)}
<label for="sleutel">Sleutelbestand van de hub (datasource-credentials-….json)</label>
<input type="file" id="sleutel" name="sleutel" accept=".json,application/json" required>
<button type="submit">Verbinden</button></form>
<h2>Bestanden toevoegen</h2>
<p>Sleep uw bestanden op de knop of kies ze: Turtle (.ttl), CSV (.csv) of Excel (.xlsx), bijvoorbeeld de export van uw klimaatcomputer.</p>
<form method="post" action="/bestanden" enctype="multipart/form-data">${hidden(csrf)}
<label for="bestanden">Bestanden</label>
<input type="file" id="bestanden" name="bestanden" multiple accept=".ttl,.csv,.xlsx" required>
<label for="nieuwe-naam">Naam van de dataset (bij één bestand; anders de bestandsnaam)</label>
<input type="text" id="nieuwe-naam" name="naam" maxlength="200">
<button type="submit">Toevoegen</button></form>
<h2>Gepubliceerde datasets</h2>
${datasets.length === 0 ? '<p>Nog geen datasets.</p>' : `<table><thead><tr><th>Bestand</th><th>Rijen</th><th>Triples</th><th>Categorieën</th><th>Naam en beschrijving</th></tr></thead><tbody>${datasets.map((dataset) => datasetRow(dataset, csrf)).join('')}</tbody></table>`}
${withdrawn.length ? `<h2>Ingetrokken</h2><ul>${withdrawn.map((file) => `<li>${escape(file)} <form method="post" action="/publiceren">${hidden(csrf)}<input type="hidden" name="bestand" value="${escape(file)}"><button type="submit">Publiceren</button></form></li>`).join('')}</ul>` : ''}`,
    );
  };

  /** The description file, as the catalogue reads it; created as datasets.yaml when there is none. */
  const updateCatalogue = async (file: string, change: (entry: Record<string, unknown>) => void) => {
    const source = ['datasets.yaml', 'datasets.yml', 'datasets.json'].find((name) => existsSync(path.join(dir, name))) ?? 'datasets.yaml';
    const full = path.join(dir, source);
    const text = await readFile(full, 'utf8').catch(() => '');
    const parsed = (source.endsWith('.json') ? (text.trim() ? JSON.parse(text) : []) : (YAML.parse(text) ?? [])) as unknown;
    const list = (Array.isArray(parsed) ? parsed : ((parsed as { datasets?: unknown[] }).datasets ??= [])) as Record<string, unknown>[];
    let entry = list.find((item) => item?.file === file);
    if (!entry) list.push((entry = { file }));
    change(entry);
    const root = Array.isArray(parsed) ? list : parsed;
    const written = source.endsWith('.json') ? `${JSON.stringify(root, null, 2)}\n` : YAML.stringify(root);
    // Written whole, then renamed: the agent never reads half a file.
    await writeFile(`${full}.tmp`, written);
    await rename(`${full}.tmp`, full);
  };

  const readForm = (request: IncomingMessage, csrf: string, onFile?: (field: string, name: string, stream: NodeJS.ReadableStream) => Promise<void>) =>
    new Promise<Record<string, string>>((resolve, reject) => {
      const fields: Record<string, string> = {};
      const pending: Promise<void>[] = [];
      // The first failure; kept rather than thrown so that no rejection goes unhandled mid-upload.
      let failure: unknown;
      const expired = () => new PageError(403, 'Het formulier is verlopen; laad de pagina opnieuw.');
      let parser: busboy.Busboy;
      try {
        parser = busboy({ headers: request.headers, limits: { fileSize: maxUpload, files: 50, fields: 20, fieldSize: 4096 } });
      } catch {
        return reject(new PageError(400, 'Dit formulier kan niet worden gelezen.'));
      }
      parser.on('field', (name, value) => (fields[name] = value));
      parser.on('file', (field, stream, info) => {
        // The token comes first in every form: no file is kept before it is checked.
        if (failure || !fields.csrf || !same(fields.csrf, csrf) || !onFile) {
          failure ??= onFile ? expired() : new PageError(400, 'Dit formulier neemt geen bestanden aan.');
          stream.resume();
          return;
        }
        pending.push(
          onFile(field, info.filename ?? '', stream).catch((error: unknown) => {
            failure ??= error;
            stream.resume();
          }),
        );
      });
      parser.on('error', () => reject(new PageError(400, 'Dit formulier kan niet worden gelezen.')));
      parser.on('close', () => {
        void Promise.all(pending).then(() => {
          if (failure) return reject(failure);
          if (!fields.csrf || !same(fields.csrf, csrf)) return reject(expired());
          resolve(fields);
        });
      });
      request.pipe(parser);
    });

  /** A dropped file kept under a hidden temporary name (the watcher skips those), renamed when whole. */
  const keepUpload = async (stream: NodeJS.ReadableStream & { truncated?: boolean }, target: string) => {
    const temporary = path.join(dir, `.upload-${randomBytes(8).toString('hex')}`);
    const out = createWriteStream(temporary);
    await new Promise<void>((resolve, reject) => {
      stream.pipe(out);
      out.on('finish', resolve);
      out.on('error', reject);
    });
    if (stream.truncated) {
      await rm(temporary, { force: true });
      throw new PageError(413, `Een bestand is groter dan ${Math.round(maxUpload / 1_048_576)} MB.`);
    }
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temporary, target);
  };

  const knownFile = async (file: string | undefined, where: 'published' | 'withdrawn') => {
    const name = file ? safeFileName(file) : undefined;
    const exists = name && (where === 'published' ? manager.list().some((dataset) => dataset.file === name) : (await withdrawnFiles()).includes(name));
    if (!name || !exists) throw new PageError(404, 'Dit bestand is er niet (meer).');
    return name;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const host = request.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
      // Another name pointing here (DNS rebinding) gets nothing.
      return send(response, 421, layout('Onbekend adres', '<p>Open deze pagina via 127.0.0.1 of localhost.</p>'));
    }
    const url = new URL(request.url ?? '/', `http://${host}`);
    const origin = request.headers.origin;
    if (request.method === 'POST' && origin && origin !== `http://${host}`) {
      return send(response, 403, layout('Geweigerd', '<p>Dit formulier komt niet van deze pagina.</p>'));
    }
    if (request.method === 'GET' && url.pathname === '/start') {
      const given = url.searchParams.get('code') ?? '';
      if (!code || !same(given, code)) {
        return send(response, 403, layout('Code ongeldig', '<p>Deze code is ongeldig of al gebruikt. Start de databron opnieuw voor een nieuwe link.</p>'));
      }
      code = undefined; // one time only
      const session = randomBytes(24).toString('base64url');
      sessions.set(session, randomBytes(24).toString('base64url'));
      return redirect(response, '/', { 'set-cookie': `${COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/` });
    }
    const session = cookies(request)[COOKIE];
    const csrf = session ? sessions.get(session) : undefined;
    if (!csrf) {
      return send(response, 401, layout('Niet geopend', '<p>Open deze pagina met de link die de databron bij het starten liet zien.</p>'));
    }
    if (request.method === 'GET' && url.pathname === '/') {
      const message = MESSAGES[url.searchParams.get('melding') ?? ''];
      return send(response, 200, await overview(csrf, message));
    }
    if (request.method !== 'POST') return send(response, 404, layout('Niet gevonden', '<p><a href="/">Terug</a></p>'));

    if (url.pathname === '/bestanden') {
      const kept: string[] = [];
      const fields = await readForm(request, csrf, async (field, name, stream) => {
        const file = field === 'bestanden' ? safeFileName(name) : undefined;
        if (!file) {
          stream.resume();
          throw new PageError(400, `"${name}" is geen Turtle-, CSV- of Excel-bestand met een gewone naam.`);
        }
        await keepUpload(stream, path.join(dir, file));
        kept.push(file);
      });
      log.info('files dropped on the local page', { files: kept.join(', ') });
      // Named as it is dropped: one form, one press, and the dataset is online under that name.
      const name = (fields.naam ?? '').trim();
      if (name.length > 200) throw new PageError(400, 'Geef een naam van hoogstens 200 tekens.');
      if (name && kept.length === 1) await updateCatalogue(kept[0], (entry) => (entry.name = name));
      await manager.scan();
      return redirect(response, '/?melding=toegevoegd');
    }
    if (url.pathname === '/verbinden') {
      let credentials: DatasourceCredentials | undefined;
      await readForm(request, csrf, async (field, _name, stream) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        if (field !== 'sleutel') return;
        try {
          credentials = parseCredentials(JSON.parse(Buffer.concat(chunks).toString('utf8')), 'sleutelbestand');
        } catch {
          throw new PageError(400, 'Dit is geen sleutelbestand van de hub (datasource-credentials-….json).');
        }
        await writeFile(options.credentialsFile, Buffer.concat(chunks), { mode: 0o600 });
      });
      if (!credentials) throw new PageError(400, 'Kies het sleutelbestand van de hub.');
      await options.onCredentials?.(credentials);
      return redirect(response, '/?melding=verbonden');
    }
    const fields = await readForm(request, csrf);
    if (url.pathname === '/beschrijving') {
      const file = await knownFile(fields.bestand, 'published');
      const name = (fields.naam ?? '').trim();
      const about = (fields.beschrijving ?? '').trim();
      if (!name || name.length > 200 || about.length > 2000) throw new PageError(400, 'Geef een naam (hoogstens 200 tekens) en een beschrijving van hoogstens 2000 tekens.');
      const id = manager.list().find((dataset) => dataset.file === file)?.requestedId;
      await updateCatalogue(file, (entry) => Object.assign(entry, { name, about, ...(id ? { dataset_id: entry.dataset_id ?? id } : {}) }));
      await manager.scan();
      return redirect(response, '/?melding=opgeslagen');
    }
    if (url.pathname === '/intrekken') {
      const file = await knownFile(fields.bestand, 'published');
      if (fields.bevestigd !== 'ja') {
        return send(response, 200, layout('Dataset intrekken?', `<p>De dataset <strong>${escape(file)}</strong> verdwijnt uit de catalogus van de hub; wie er toegang toe heeft, kan hem niet meer bevragen tot u hem opnieuw publiceert.</p>
<form method="post" action="/intrekken">${hidden(csrf)}<input type="hidden" name="bestand" value="${escape(file)}"><input type="hidden" name="bevestigd" value="ja"><button type="submit">Ja, intrekken</button></form>
<p><a href="/">Nee, terug</a></p>`));
      }
      // The id stays in datasets.yaml, so publishing again brings back the same dataset.
      const id = manager.list().find((dataset) => dataset.file === file)?.requestedId;
      if (id) await updateCatalogue(file, (entry) => (entry.dataset_id ??= id));
      await mkdir(path.join(dir, WITHDRAWN_DIR), { recursive: true });
      await rename(path.join(dir, file), path.join(dir, WITHDRAWN_DIR, file));
      await manager.scan();
      return redirect(response, '/?melding=ingetrokken');
    }
    if (url.pathname === '/publiceren') {
      const file = await knownFile(fields.bestand, 'withdrawn');
      await rename(path.join(dir, WITHDRAWN_DIR, file), path.join(dir, file));
      await manager.scan();
      return redirect(response, '/?melding=gepubliceerd');
    }
    return send(response, 404, layout('Niet gevonden', '<p><a href="/">Terug</a></p>'));
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch(async (error: unknown) => {
      if (!(error instanceof PageError)) log.error('local page request failed', { error });
      const status = error instanceof PageError ? error.status : 500;
      const text = error instanceof PageError ? error.message : 'Er ging iets mis; kijk in het logboek van de databron.';
      const session = cookies(request)[COOKIE];
      const csrf = session ? sessions.get(session) : undefined;
      if (!response.headersSent) send(response, status, csrf && status !== 403 ? await overview(csrf, undefined, text) : layout('Niet gelukt', `<p class="fout">${escape(text)}</p><p><a href="/">Terug</a></p>`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openUrl: `${url}/start?code=${code}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
