/** A throw-away Virtuoso for tests and benchmarks (own folder, loopback ports, little memory); needs virtuoso-opensource-7-bin (`.ci/run` installs it). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const VIRTUOSO_BINARY = process.env.VIRTUOSO_BINARY ?? '/usr/bin/virtuoso-t';

export interface TestVirtuoso {
  /** Its folder (DirsAllowed: the bulk loader reads files from here). */
  dir: string;
  sqlPort: number;
  sparqlEndpoint: string;
  graphStore: string;
  user: string;
  password: string;
  cliArgs: string[];
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function ini(dir: string, sqlPort: number, httpPort: number, maxRows: number, buffers: number): string {
  return `[Database]
DatabaseFile = ${dir}/virtuoso.db
ErrorLogFile = ${dir}/virtuoso.log
LockFile = ${dir}/virtuoso.lck
TransactionFile = ${dir}/virtuoso.trx
xa_persistent_file = ${dir}/virtuoso.pxa
MaxCheckpointRemap = 2000
Striping = 0
TempStorage = TempDatabase

[TempDatabase]
DatabaseFile = ${dir}/virtuoso-temp.db
TransactionFile = ${dir}/virtuoso-temp.trx
MaxCheckpointRemap = 2000
Striping = 0

[Parameters]
ServerPort = 127.0.0.1:${sqlPort}
NumberOfBuffers = ${buffers}
MaxDirtyBuffers = ${Math.round(buffers * 0.75)}
MaxClientConnections = 8
CheckpointInterval = 0
DirsAllowed = ., ${dir}
ThreadsPerQuery = 1

[HTTPServer]
ServerPort = 127.0.0.1:${httpPort}
ServerRoot = ${dir}
ServerThreads = 8
MaxKeepAlives = 8
KeepAliveTimeout = 10

[SPARQL]
ResultSetMaxRows = ${maxRows}
MaxQueryExecutionTime = 60
`;
}

async function waitForHttp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`virtuoso exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}?query=${encodeURIComponent('ASK {}')}`);
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`virtuoso did not start within 60 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `maxRows` is ResultSetMaxRows (the silent cut), `buffers` NumberOfBuffers (8 KB pages; default ≈ 80 MB). */
export async function startVirtuoso(options: { maxRows?: number; buffers?: number; keepDir?: string } = {}): Promise<TestVirtuoso> {
  // keepDir (bench:quality --store-dir): a folder kept after stop, so a 20M-triple load is done once and checked again.
  const dir = options.keepDir ?? mkdtempSync(path.join(os.tmpdir(), 'datahub-virtuoso-'));
  if (options.keepDir) mkdirSync(dir, { recursive: true });
  const [sqlPort, httpPort] = [await freePort(), await freePort()];
  writeFileSync(path.join(dir, 'virtuoso.ini'), ini(dir, sqlPort, httpPort, options.maxRows ?? 1_000_000, options.buffers ?? 10_000));
  const child = spawn(VIRTUOSO_BINARY, ['+foreground', '+configfile', path.join(dir, 'virtuoso.ini')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${httpPort}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
    if (!options.keepDir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${base}/sparql`, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  const store = { sparqlEndpoint: `${base}/sparql`, graphStore: `${base}/sparql-graph-crud-auth`, user: 'dba', password: 'dba' };
  return {
    dir,
    sqlPort,
    ...store,
    cliArgs: ['--sparql-endpoint', store.sparqlEndpoint, '--graph-store', store.graphStore, '--store-user', store.user, '--store-password', store.password],
    stop,
  };
}
