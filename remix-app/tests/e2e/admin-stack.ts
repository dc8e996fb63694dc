import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './agent';
import { CSRF_SECRET, DEMO_PASSWORD, JWT_SECRET } from './settings';

const REMIX_APP = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const STACK_ADMIN_EMAIL = 'beheerder@tweestaps.test';

/** Starts `node <script>` and waits until `readyUrl` answers 2xx or 3xx; the child's output goes into failure messages. */
async function startNode(script: string, cwd: string, env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-10_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${script} exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    const up = await fetch(readyUrl, { redirect: 'manual' }).then((response) => response.status < 400, () => false);
    if (up) return child;
    await new Promise((wait) => setTimeout(wait, 300));
  }
  child.kill('SIGKILL');
  throw new Error(`${readyUrl} did not answer within 120 s:\n${output}`);
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

/**
 * A second API and portal, without the demo and with REQUIRE_2FA_FOR_ADMINS=true (the shared e2e
 * servers keep it off, as the demo does): only its platform admin, on free ports and its own data directory.
 */
export class AdminStack {
  private constructor(
    readonly portalUrl: string,
    private readonly api: ChildProcess,
    private readonly portal: ChildProcess,
    private readonly dataDir: string,
  ) {}

  static async start(): Promise<AdminStack> {
    const dataDir = await mkdtemp(join(tmpdir(), 'datahub-e2e-admin-'));
    const [apiPort, portalPort] = [await freePort(), await freePort()];
    const portalUrl = `http://127.0.0.1:${portalPort}`;
    const api = await startNode(
      join(REMIX_APP, '..', 'nest-api', 'dist', 'main.js'),
      REMIX_APP,
      {
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JWT_SECRET,
        CSRF_SECRET,
        PUBLIC_URL: portalUrl,
        DEMO_SEED: 'false',
        ADMIN_EMAIL: STACK_ADMIN_EMAIL,
        ADMIN_PASSWORD: DEMO_PASSWORD,
        REQUIRE_2FA_FOR_ADMINS: 'true',
        LOG_LEVEL: 'warn',
        DISCOVERY_INTERVAL_SECONDS: '0',
        REMINDER_INTERVAL_SECONDS: '0',
      },
      `http://127.0.0.1:${apiPort}/api/health`,
    ).catch(async (error: unknown) => {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    });
    const portal = await startNode(
      'server.js',
      REMIX_APP,
      { NODE_ENV: 'production', PORT: String(portalPort), HOST: '127.0.0.1', API_URL: `http://127.0.0.1:${apiPort}`, CSRF_SECRET },
      `${portalUrl}/inloggen`,
    ).catch(async (error: unknown) => {
      await stop(api);
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    });
    return new AdminStack(portalUrl, api, portal, dataDir);
  }

  async dispose(): Promise<void> {
    await stop(this.portal);
    await stop(this.api);
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
