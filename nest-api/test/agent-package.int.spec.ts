import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseCli } from 'datasource-agent/dist/cli';
import { freePort } from '../src/database/embedded-postgres';
import { PUBLIC_HOSTNAME_SCRIPT, VM_AGENT_PORT, VM_PATHS } from '../src/datasources/cloud-init';
import { agentPackagePath } from '../src/hub/agent-package.controller';
import { startTestApi, type TestApi, stopProcess } from './harness';

/**
 * What cloud-init does on a fresh VM, done here against the real hub: install the agent package
 * the hub serves with npm, and run it with the service's arguments until its dataset is online.
 */
const run = promisify(execFile);
const FIXTURE = resolve(__dirname, '..', '..', 'fixtures', 'voorbeeldkas.ttl');

interface CloudConfig {
  users: (string | { name: string; system?: boolean })[];
  write_files: { path: string; content: string; permissions?: string }[];
  runcmd: string[];
}

let api: TestApi;
let dir: string;
let agent: ChildProcess | null = null;
let created: { datasource_id: string; credentials: { secret: string }; cloud_init_config: string; install_command: string; start_command: string };
let ownerToken: string;

function tarEntries(tgz: Buffer): Map<string, Buffer> {
  const tar = gunzipSync(tgz);
  const entries = new Map<string, Buffer>();
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const name = tar.subarray(offset, offset + 100).toString('utf8').replace(/\0.*$/s, '');
    if (!name) break;
    const size = parseInt(tar.subarray(offset + 124, offset + 136).toString('utf8').replace(/\0.*$/s, '').trim() || '0', 8);
    entries.set(name, tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

beforeAll(async () => {
  api = await startTestApi({ ALLOW_PRIVATE_HOSTS: 'true' });
  const organization = await api.createOrganization({ name: 'Kwekerij Wolkenbron' });
  const owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
  ownerToken = owner.token;
  const response = await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Wolkbron', hostname: '' } });
  expect(response.status).toBe(201);
  created = await response.json();
  dir = await mkdtemp(join(tmpdir(), 'datahub-agent-package-'));
}, 60_000);

afterAll(async () => {
  await stopProcess(agent);
  await api?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the data source package the hub serves', () => {
  it('is the bundled agent: a gzip tarball with the CLI, its workers, and only published dependencies', async () => {
    const response = await api.request('/api/datasource-agent/package.tgz');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(await readFile(agentPackagePath()))).toBe(true);
    const entries = tarEntries(body);
    // worker.js: the SPARQL engine's (memory mode); load-worker.js: the store mode's loader; quality-worker.js with the shapes it applies (and their licence).
    expect([...entries.keys()].sort()).toEqual([
      'package/README.md',
      'package/dist/cli.js',
      'package/dist/load-worker.js',
      'package/dist/quality-worker.js',
      'package/dist/worker.js',
      'package/package.json',
      'package/shapes/cgo/CGO-v2.3.ttl',
      'package/shapes/cgo/CGO_FoI-OPCorrespondence.shapes.ttl',
      'package/shapes/cgo/CGO_Shacl.shapes.ttl',
      'package/shapes/cgo/CGO_ShaclNormalisedTime.shapes.ttl',
      'package/shapes/cgo/LICENSE',
      'package/shapes/cgo/README.md',
      'package/shapes/hub/categories.shapes.ttl',
    ]);
    const manifest = JSON.parse(entries.get('package/package.json')!.toString('utf8'));
    expect(manifest.bin).toEqual({ 'datasource-agent': 'dist/cli.js' });
    // The workspace libraries are bundled in: they are not on the npm registry.
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['jsonwebtoken', 'n3', 'oxigraph', 'shacl-engine', 'sparqljs', 'ws', 'yaml']);
    for (const script of ['cli.js', 'load-worker.js']) expect(entries.get(`package/dist/${script}`)!.toString('utf8')).not.toMatch(/require\("@datahub\//);
  });
});

describe('cloud_init_config', () => {
  it('writes the credentials for the service user only and installs the package from this hub', () => {
    const config = parseYaml(created.cloud_init_config) as CloudConfig;
    expect(created.cloud_init_config.startsWith('#cloud-config\n')).toBe(true);
    expect(config.users).toContainEqual(expect.objectContaining({ name: 'datahub', system: true }));
    const files = new Map(config.write_files.map((file) => [file.path, file]));
    const credentials = files.get(VM_PATHS.credentials)!;
    expect(credentials.permissions).toBe('0600');
    const written = JSON.parse(credentials.content);
    expect(written.credentials).toEqual({ datasource_id: created.datasource_id, secret: created.credentials.secret });
    expect(config.runcmd).toContain(`npm install --global --omit=dev ${api.config.publicUrl}/api/datasource-agent/package.tgz`);
    expect(config.runcmd).toContain(`chown -R datahub:datahub /var/lib/datahub ${VM_PATHS.credentials}`);
    expect(config.runcmd.some((command) => command.includes('apt-get install -y nodejs caddy'))).toBe(true);
    expect(config.runcmd.at(-1)).toBe('systemctl enable --now datahub-datasource.service');
    expect(files.get(VM_PATHS.hostnameScript)!.content).toBe(PUBLIC_HOSTNAME_SCRIPT);
  });

  it('runs the agent as its own user behind Caddy, with arguments the agent accepts', () => {
    const config = parseYaml(created.cloud_init_config) as CloudConfig;
    const unit = config.write_files.find((file) => file.path === VM_PATHS.service)!.content;
    expect(unit).toMatch(/^User=datahub$/m);
    expect(unit).toMatch(new RegExp(`^EnvironmentFile=${VM_PATHS.agentEnv}$`, 'm'));
    const execStart = /^ExecStart=\/usr\/bin\/datasource-agent (.*)$/m.exec(unit)![1];
    // systemd replaces ${DATAHUB_PUBLIC_HOSTNAME} with the value from the environment file.
    const args = execStart.replace('${DATAHUB_PUBLIC_HOSTNAME}', 'bron.westeurope.cloudapp.azure.com').split(' ');
    expect(parseCli(args)).toEqual({
      credentials: VM_PATHS.credentials,
      data: VM_PATHS.data,
      hub: api.config.publicUrl,
      port: VM_AGENT_PORT,
      host: '127.0.0.1',
      publicHostname: 'bron.westeurope.cloudapp.azure.com',
    });
    const caddy = config.runcmd.find((command) => command.includes('/etc/caddy/Caddyfile'))!;
    expect(caddy).toContain(`reverse_proxy 127.0.0.1:${VM_AGENT_PORT}`);
  });

  it('gives the steps for an own server: the same package install, and a start command the agent accepts', () => {
    const config = parseYaml(created.cloud_init_config) as CloudConfig;
    expect(created.install_command).toBe(`npm install --global --omit=dev ${api.config.publicUrl}/api/datasource-agent/package.tgz`);
    expect(config.runcmd).toContain(created.install_command);
    const [program, ...args] = created.start_command.split(' ');
    expect(program).toBe('datasource-agent');
    expect(parseCli(args)).toMatchObject({
      credentials: `datasource-credentials-${created.datasource_id}.json`,
      data: 'datasets',
      hub: api.config.publicUrl,
      port: VM_AGENT_PORT,
    });
  });

  it('names the VM after its Azure DNS label, or after the own domain name written in the config', async () => {
    const script = join(dir, 'public-hostname.sh');
    await writeFile(script, PUBLIC_HOSTNAME_SCRIPT);
    await run('sh', ['-n', script]);
    // A stand-in for the instance metadata service, reached through curl.
    const bin = join(dir, 'bin');
    await mkdir(bin, { recursive: true });
    await writeFile(join(bin, 'curl'), '#!/bin/sh\ncase "$*" in *compute/name*) echo KasBron01;; *compute/location*) echo westeurope;; *) exit 22;; esac\n');
    await chmod(join(bin, 'curl'), 0o755);
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    const { stdout } = await run('sh', [script], { env });
    expect(stdout).toBe('kasbron01.westeurope.cloudapp.azure.com\n');

    const withOwnName = await (
      await api.request('/api/datasources', { method: 'POST', token: ownerToken, json: { name: 'Eigen domein', hostname: 'data.kwekerij-wolken.nl' } })
    ).json();
    const ownFile = (parseYaml(withOwnName.cloud_init_config) as CloudConfig).write_files.find((file) => file.path === VM_PATHS.hostnameOverride)!;
    const override = join(dir, 'hostname');
    await writeFile(override, ownFile.content);
    await writeFile(script, PUBLIC_HOSTNAME_SCRIPT.replace(VM_PATHS.hostnameOverride, override));
    expect((await run('sh', [script], { env })).stdout).toBe('data.kwekerij-wolken.nl\n');
  });
});

describe('installing the served package as cloud-init does', () => {
  it('installs with npm from the hub, registers its host and brings its dataset online', async () => {
    const prefix = join(dir, 'global');
    const url = `${api.baseUrl}/api/datasource-agent/package.tgz`;
    // --prefer-offline: the dependencies are in npm's cache from the project's own install.
    await run('npm', ['install', '--global', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--prefix', prefix, url], { timeout: 120_000 });

    await writeFile(join(dir, 'credentials.json'), JSON.stringify(created));
    await mkdir(join(dir, 'data'));
    await copyFile(FIXTURE, join(dir, 'data', 'kas.ttl'));
    await writeFile(join(dir, 'data', 'datasets.yaml'), 'datasets:\n  - file: kas.ttl\n    name: Wolkenkas\n    about: Kas in de wolk\n');
    const port = await freePort();
    agent = spawn(
      join(prefix, 'bin', 'datasource-agent'),
      ['--credentials', join(dir, 'credentials.json'), '--data', join(dir, 'data'), '--hub', api.baseUrl, '--port', String(port), '--host', '127.0.0.1', '--public-hostname', `127.0.0.1:${port}`],
      { stdio: 'ignore' },
    );
    let status: string | undefined;
    for (let attempt = 0; attempt < 240 && status !== 'online'; attempt += 1) {
      await new Promise((r) => setTimeout(r, 250));
      [{ status } = { status: undefined }] = await api.db.query('SELECT status FROM datasets WHERE datasource_id = $1 AND name = $2', [created.datasource_id, 'Wolkenkas']);
    }
    expect(status).toBe('online');
    const [row] = await api.db.query('SELECT hostname FROM datasources WHERE id = $1', [created.datasource_id]);
    expect(row.hostname).toBe(`127.0.0.1:${port}`);
  }, 180_000);
});
