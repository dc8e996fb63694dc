#!/usr/bin/env node
// datasource-agent --credentials file.json --data DIR --hub URL --port N
// [--host 127.0.0.1] [--public-hostname name:port] [--rescan-interval 30] [--deadline 10000] [--workers 1]
// [--max-in-memory-mb 256] [--sparql-endpoint URL --graph-store URL [--store-user U --store-password P] [--store-batch N] [--store-max-rows N]]
import { parseArgs } from 'node:util';
import { startAgent } from './agent';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { KEY_VARIABLE, parseKey, readCredentials, writeCredentialsFile, type DatasourceCredentials } from './credentials';
import { startLocalPage } from './local-page/local-page';
import { createLogger } from './log';

const USAGE = `Usage: datasource-agent --credentials file.json --data DIR --hub URL --port N
       [--host 127.0.0.1] [--public-hostname name:port] [--hub-connect] [--rescan-interval SECONDS] [--deadline MS] [--workers N]
       [--page-port N] [--max-in-memory-mb 256] [--sparql-endpoint URL --graph-store URL [--store-user USER --store-password PASSWORD] [--store-batch TRIPLES] [--store-max-rows ROWS]]

Serves the .ttl datasets in DIR (described by DIR/datasets.yaml or DIR/datasets.json) over the
Hub Protocol and registers them with the hub at URL. The credentials file is the hub's answer to
creating the data source (datasource-credentials-{id}.json); DATAHUB_SLEUTEL=<id>:<secret> in the
environment (the hub's start line) writes that file first.
--hub-connect: dial the hub at URL and answer it over that connection instead of being called:
no open port, no public address, no certificate needed (--port, --host, --public-hostname unused).
--page-port: the grower's page on http://127.0.0.1:N (0: any free port), opened with the one-time
link printed at start: drop files (Turtle, CSV, Excel), name, describe, publish or withdraw them.
Files above --max-in-memory-mb are not loaded in memory (a log line says so).
Store mode (--sparql-endpoint and --graph-store): the datasets are streamed into that triple store
(SPARQL 1.1 Protocol and Graph Store HTTP Protocol) and answered from it, instead of in memory;
--store-max-rows is the most rows of one answer there (default 10 000).`;

export interface CliOptions {
  credentials: string;
  data: string;
  hub?: string;
  port: number;
  host: string;
  publicHostname?: string;
  hubConnect?: boolean;
  rescanIntervalMs?: number;
  deadlineMs?: number;
  workers?: number;
  maxInMemoryBytes?: number;
  pagePort?: number;
  store?: { sparqlEndpoint: string; graphStore: string; credentials?: { user: string; password: string }; batchTriples?: number; maxRows?: number };
}

function httpUrl(value: string, flag: string): string {
  const parsed = new URL(value);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${flag} must be an http(s) URL`);
  return value;
}

function storeOptions(values: Record<string, string | boolean | undefined>): CliOptions['store'] {
  const endpoint = values['sparql-endpoint'] as string | undefined;
  const graphStore = values['graph-store'] as string | undefined;
  const user = values['store-user'] as string | undefined;
  const password = (values['store-password'] as string | undefined) ?? process.env.STORE_PASSWORD;
  if (!endpoint && !graphStore) {
    if (user) throw new Error('--store-user needs --sparql-endpoint and --graph-store');
    return undefined;
  }
  if (!endpoint || !graphStore) throw new Error('store mode needs both --sparql-endpoint and --graph-store');
  if (user && password === undefined) throw new Error('--store-user needs --store-password (or STORE_PASSWORD)');
  const batch = positiveInteger(values['store-batch'] as string | undefined, '--store-batch');
  const maxRows = positiveInteger(values['store-max-rows'] as string | undefined, '--store-max-rows');
  return {
    ...(batch ? { batchTriples: batch } : {}),
    ...(maxRows ? { maxRows } : {}),
    sparqlEndpoint: httpUrl(endpoint, '--sparql-endpoint'),
    graphStore: httpUrl(graphStore, '--graph-store'),
    ...(user ? { credentials: { user, password: password! } } : {}),
  };
}

function positiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${flag} must be a whole number`);
  return number;
}

export function parseCli(argv: string[]): CliOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      credentials: { type: 'string' },
      data: { type: 'string' },
      hub: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'public-hostname': { type: 'string' },
      'hub-connect': { type: 'boolean' },
      'rescan-interval': { type: 'string' },
      deadline: { type: 'string' },
      workers: { type: 'string' },
      'sparql-endpoint': { type: 'string' },
      'graph-store': { type: 'string' },
      'store-user': { type: 'string' },
      'store-password': { type: 'string' },
      'store-batch': { type: 'string' },
      'store-max-rows': { type: 'string' },
      'max-in-memory-mb': { type: 'string' },
      'page-port': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  if (!values.credentials) throw new Error('--credentials is required');
  if (!values.data) throw new Error('--data is required');
  const port = positiveInteger(values.port ?? process.env.PORT ?? '8080', '--port')!;
  if (port > 65535) throw new Error('--port must be at most 65535');
  if (values.hub) {
    const parsed = new URL(values.hub);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('--hub must be an http(s) URL');
  }
  if (values['hub-connect'] && !values.hub) throw new Error('--hub-connect needs --hub');
  const rescan = positiveInteger(values['rescan-interval'], '--rescan-interval');
  const deadline = positiveInteger(values.deadline, '--deadline');
  const workers = positiveInteger(values.workers, '--workers');
  const store = storeOptions(values);
  const maxInMemoryMb = values['max-in-memory-mb'] === undefined ? undefined : Number(values['max-in-memory-mb']);
  if (maxInMemoryMb !== undefined && !(maxInMemoryMb > 0)) throw new Error('--max-in-memory-mb must be a positive number');
  const pagePort = values['page-port'] === undefined ? undefined : Number(values['page-port']);
  if (pagePort !== undefined && !(Number.isInteger(pagePort) && pagePort >= 0 && pagePort <= 65535)) throw new Error('--page-port must be 0 to 65535');
  return {
    ...(pagePort !== undefined ? { pagePort } : {}),
    ...(maxInMemoryMb ? { maxInMemoryBytes: Math.floor(maxInMemoryMb * 1024 * 1024) } : {}),
    credentials: values.credentials,
    data: values.data,
    ...(values.hub ? { hub: values.hub } : {}),
    port,
    host: values.host ?? '127.0.0.1',
    ...(values['public-hostname'] ? { publicHostname: values['public-hostname'] } : {}),
    ...(values['hub-connect'] ? { hubConnect: true } : {}),
    ...(rescan !== undefined ? { rescanIntervalMs: rescan * 1000 } : {}),
    ...(deadline ? { deadlineMs: deadline } : {}),
    ...(workers ? { workers } : {}),
    ...(store ? { store } : {}),
  };
}

async function main(): Promise<void> {
  let options: CliOptions | 'help';
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const log = createLogger();
  const credentialsFile = path.resolve(options.credentials);
  const start = (credentials: DatasourceCredentials, connected: boolean) =>
    startAgent({
      credentials,
      dataDir: options.data,
      ...(options.hub && connected ? { hubUrl: options.hub } : {}),
      port: options.port,
      host: options.host,
      ...(options.publicHostname ? { publicHostname: options.publicHostname } : {}),
      ...(options.hubConnect && connected ? { hubConnect: true } : {}),
      ...(options.rescanIntervalMs !== undefined ? { rescanIntervalMs: options.rescanIntervalMs } : {}),
      ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}),
      ...(options.workers ? { workers: options.workers } : {}),
      ...(options.store ? { store: options.store } : {}),
      ...(options.maxInMemoryBytes ? { maxInMemoryBytes: options.maxInMemoryBytes } : {}),
      log,
    });
  // The start line's key is kept in the credentials file for later starts, and out of the environment before any worker could inherit it.
  const key = process.env[KEY_VARIABLE];
  delete process.env[KEY_VARIABLE];
  if (key) {
    await writeCredentialsFile(credentialsFile, parseKey(key));
    log.info('the key from the start line is kept in the credentials file', { credentials: credentialsFile });
  }
  // With the local page the key may come later; until then a random secret makes the agent answer nobody.
  const waiting = options.pagePort !== undefined && !existsSync(credentialsFile);
  let connectedAs = waiting ? undefined : await readCredentials(credentialsFile);
  let agent = await start(connectedAs ?? { datasourceId: 'niet-verbonden', secret: randomBytes(32).toString('base64url') }, !waiting);
  if (waiting) log.warn('no credentials file yet: drop it on the local page to connect to the hub', { credentials: credentialsFile });
  let restarting = Promise.resolve();
  const page =
    options.pagePort === undefined
      ? undefined
      : await startLocalPage({
          dir: path.resolve(options.data),
          manager: () => agent.manager,
          log,
          port: options.pagePort,
          credentialsFile,
          ...(options.hub ? { catalogueUrl: `${options.hub.replace(/\/$/, '')}/datasets` } : {}),
          hubStatus: () =>
            connectedAs
              ? `Verbonden met ${options.hub ?? 'geen hub (start met --hub)'} als databron ${connectedAs.name ?? connectedAs.datasourceId}.`
              : 'Nog niet verbonden: zet hieronder het sleutelbestand neer dat de hub u gaf.',
          // A new key: the agent starts anew with it (the old connection and its key end).
          onCredentials: (credentials) =>
            (restarting = restarting.then(async () => {
              await agent.stop();
              agent = await start(credentials, true);
              connectedAs = credentials;
              log.info('connected with the credentials dropped on the local page', { datasource_id: credentials.datasourceId });
            })),
        });
  if (page) process.stdout.write(`\nOpen uw databron in de browser (eenmalige link): ${page.openUrl}\n\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal });
    Promise.all([page?.stop(), agent.stop()]).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('stopping failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

export function run(): void {
  main().catch((error: unknown) => {
    process.stderr.write(`datasource-agent: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

if (require.main === module) run();
