#!/usr/bin/env node
// Runs the whole portal on one machine: nest-api (with embedded Postgres unless DATABASE_URL
// is set) and remix-app. Secrets are generated once under DATA_DIR so sessions survive restarts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = resolve(process.env.DATA_DIR || join(root, '.data'));
try {
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  writeFileSync(join(dataDir, '.write-test'), '');
} catch (error) {
  const why = error.code === 'ENOSPC' ? 'the disk is full' : 'it is read-only or not writable for this user';
  console.error(`Datahub Tuinbouw cannot start: ${dataDir} cannot be written (${why}). Set DATA_DIR to a folder this user can write to.`);
  process.exit(1);
}

function loadSecrets() {
  const file = join(dataDir, 'secrets.json');
  let secrets = {};
  if (existsSync(file)) secrets = JSON.parse(readFileSync(file, 'utf8'));
  let changed = false;
  for (const name of ['JWT_SECRET', 'CSRF_SECRET']) {
    if (!secrets[name]) {
      secrets[name] = randomBytes(48).toString('base64url');
      changed = true;
    }
  }
  if (changed) writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

const secrets = loadSecrets();
const portalPort = process.env.PORT || '3000';
const apiPort = process.env.API_PORT || '3001';
const apiUrl = process.env.API_URL || `http://127.0.0.1:${apiPort}`;
const demo = !/^(0|false|no|off)$/i.test(process.env.DEMO_SEED ?? 'true');
const agentPort = process.env.DEMO_AGENT_PORT || '3002';
const demoCredentials = join(dataDir, 'demo-agent', 'credentials.json');
const shared = {
  ...process.env,
  // The demo's data source runs on this machine: the hub may reach exactly its loopback port,
  // and no other private address (not the API's own port, not cloud metadata).
  ...(demo
    ? {
        PRIVATE_HOSTS_ALLOWED: [process.env.PRIVATE_HOSTS_ALLOWED, `127.0.0.1:${agentPort}`].filter(Boolean).join(','),
        DEMO_DATASOURCE_CREDENTIALS: demoCredentials,
      }
    : {}),
  DATA_DIR: dataDir,
  JWT_SECRET: process.env.JWT_SECRET || secrets.JWT_SECRET,
  CSRF_SECRET: process.env.CSRF_SECRET || secrets.CSRF_SECRET,
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${portalPort}`,
  // Nest's start-up chatter (every mapped route) would bury the demo logins.
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
};

const children = [];
let stopping = false;

// An essential process (API, portal) that stops takes the whole portal down; the demo data
// source may stop (that is how its datasets go offline) while the portal runs on.
function run(name, cwd, args, env, { essential = true } = {}) {
  const child = spawn(process.execPath, args, { cwd: join(root, cwd), env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.name = name;
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const how = signal ?? `exit code ${code}`;
    if (essential) {
      console.error(`${name} stopped unexpectedly (${how}); stopping the portal.`);
      stop(code || 1);
    } else {
      console.error(`${name} stopped (${how}); the portal keeps running and marks its datasets offline at the next discovery round.`);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // Stop the portal first, then the API (which stops its Postgres).
  for (const child of [...children].reverse()) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          r();
        }, 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          r();
        });
      });
    }
  }
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

run('nest-api', 'nest-api', ['dist/main.js'], { ...shared, PORT: apiPort });
if (!(await waitFor(`${apiUrl}/api/health`, 120_000))) {
  if (!stopping) console.error('nest-api did not become healthy within 2 minutes.');
  await stop(1);
}
if (demo && existsSync(demoCredentials))
  run('demo data source', 'datasource-agent', [
    'dist/demo.js',
    '--credentials', demoCredentials,
    '--hub', apiUrl,
    '--port', agentPort,
    '--host', '127.0.0.1',
    '--public-hostname', `127.0.0.1:${agentPort}`,
    '--data', join(dataDir, 'demo-agent', 'data'),
  ], { ...process.env }, { essential: false });
run('remix-app', 'remix-app', ['server.js'], { ...shared, PORT: portalPort, API_URL: apiUrl, NODE_ENV: 'production' });
if (await waitFor(`http://127.0.0.1:${portalPort}/inloggen`, 60_000))
  console.log(`\nDatahub Tuinbouw is running: http://localhost:${portalPort}  (API docs: http://localhost:${portalPort}/api/docs; Ctrl-C stops)\n`);
