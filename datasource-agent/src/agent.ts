import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SparqlEngine } from '@datahub/sparql';
import type { DatasourceCredentials } from './credentials';
import { DatasetManager } from './datasets';
import { HubClient } from './hub-client';
import { HubDialer } from './dial/hub-dialer';
import { createLogger, type Logger } from './log';
import { QualityMonitor } from './quality/quality-monitor';
import { Registrar } from './registrar';
import { createAgentServer, LICENCES_FILE } from './server';
import { AgentState } from './state';
import { StoreDatasets, type StoreOptions } from './store/store-datasets';

export interface AgentOptions {
  credentials: DatasourceCredentials;
  dataDir: string;
  /** Without it the agent serves but registers nothing. */
  hubUrl?: string;
  port: number;
  host?: string;
  hubConnect?: boolean;
  /** When the credentials carry none (e.g. `kas.example.nl:8443`). */
  publicHostname?: string;
  rescanIntervalMs?: number;
  deadlineMs?: number;
  workers?: number;
  hubRetryMs?: number;
  log?: Logger;
  maxInMemoryBytes?: number;
  store?: Pick<StoreOptions, 'sparqlEndpoint' | 'graphStore' | 'credentials' | 'batchTriples' | 'maxRows'>;
  quality?: boolean;
}

export interface RunningAgent {
  url: string;
  port: number;
  engine: SparqlEngine;
  manager: DatasetManager;
  quality?: QualityMonitor;
  stop(): Promise<void>;
}

export async function startAgent(options: AgentOptions): Promise<RunningAgent> {
  const log = options.log ?? createLogger();
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const state = AgentState.load(dataDir);
  const engine = new SparqlEngine({ workers: options.workers ?? 1, deadlineMs: options.deadlineMs });
  const store = options.store ? new StoreDatasets({ ...options.store, ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}) }, log) : undefined;
  if (store) {
    log.info('store mode', { sparql_endpoint: options.store!.sparqlEndpoint, graph_store: options.store!.graphStore });
    await store.probe();
  }
  const manager = new DatasetManager({ dir: dataDir, engine, state, log, rescanIntervalMs: options.rescanIntervalMs,
    ...(options.maxInMemoryBytes ? { maxInMemoryBytes: options.maxInMemoryBytes } : {}),
    ...(store ? { store } : {}),
  });

  const hostToRegister = options.credentials.hostname ? undefined : options.publicHostname;
  const registrar = options.hubUrl
    ? new Registrar({
        client: new HubClient({ hubUrl: options.hubUrl, credentials: options.credentials }),
        manager,
        state,
        log,
        ...(hostToRegister ? { hostname: hostToRegister } : {}),
        ...(options.hubRetryMs ? { initialRetryMs: options.hubRetryMs } : {}),
      })
    : undefined;
  if (!options.hubUrl) log.warn('no --hub given: serving without registering at a hub');
  if (options.hubUrl && !options.hubConnect && !options.credentials.hostname && !hostToRegister) {
    log.warn('the credentials carry no hostname and no --public-hostname was given: the host is not registered');
  }

  const quality = options.quality === false ? undefined : new QualityMonitor({ manager, dir: dataDir, log, ...(store ? { store } : {}) });

  if (options.hubConnect && !options.hubUrl) throw new Error('connecting to the hub needs the hub URL (--hub)');
  let dialer: HubDialer | undefined;
  let ready = false;
  const server = createAgentServer({
    engine,
    ...(store ? { store } : {}),
    manager,
    secret: options.credentials.secret,
    datasourceId: options.credentials.datasourceId,
    log,
    licencesFile: path.join(dataDir, LICENCES_FILE),
    ...(quality ? { quality: (file: string) => quality.summary(file) } : {}),
    health: () => ({ ready, ...(registrar ? { hub: registrar.status() } : {}), ...(dialer ? { hub_connection: dialer.status() } : {}) }),
  });
  // Outbound mode: the server answers only what arrives over the hub connection; it listens nowhere.
  if (!options.hubConnect) await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo | null;
  const url = address ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : '';
  if (address) log.info('datasource-agent listening', { url, datasource_id: options.credentials.datasourceId, data: dataDir });
  else log.info('datasource-agent connecting to the hub (listening on no port)', { hub: options.hubUrl, datasource_id: options.credentials.datasourceId, data: dataDir });

  await manager.start();
  ready = true;
  log.info('datasets ready', { datasets: manager.list().length });
  quality?.start();
  registrar?.start();
  if (options.hubConnect) {
    dialer = new HubDialer({ hubUrl: options.hubUrl!, credentials: options.credentials, server, log, ...(options.hubRetryMs ? { initialRetryMs: options.hubRetryMs } : {}) });
    dialer.start();
  }

  let stopping: Promise<void> | undefined;
  return {
    url,
    port: address?.port ?? 0,
    engine,
    manager,
    ...(quality ? { quality } : {}),
    stop: () =>
      (stopping ??= (async () => {
        await registrar?.stop();
        await dialer?.stop();
        await quality?.stop();
        await manager.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await engine.close();
        await state.flush();
      })()),
  };
}
