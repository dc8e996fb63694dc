import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const portalDir = fileURLToPath(new URL('..', import.meta.url));

/** The production portal (server.js) in its own process, with `apiPort` standing in for nest-api. */
export async function startPortal(apiPort: number, workers = '1') {
  const child = spawn(process.execPath, ['server.js'], {
    cwd: portalDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      API_URL: `http://127.0.0.1:${apiPort}`,
      CSRF_SECRET: 'x'.repeat(40),
      PORTAL_WORKERS: workers,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', () => reject(new Error(`the portal exited: ${output}`)));
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, port, exited };
}
