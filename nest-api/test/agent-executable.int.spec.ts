import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixtureTurtle } from 'datasource-agent/src/testing/fixtures';
import { canonicalResults, referenceAnswer } from 'datasource-agent/src/testing/reference';
import { AGENT_EXECUTABLE_NAME, agentExecutablePath, agentExecutableStartCommand, agentExecutableUrl } from '../src/hub/agent-executable';
import { startTestApi, stopProcess, type TestApi, type TestUser } from './harness';
import { until } from './waiting';

/**
 * Issue 35, item 4: the data source as one file for a grower without Node. The test builds it with
 * the package's own script (Node SEA + postject), copies it alone into a folder and runs it with a
 * PATH and environment in which no `node` exists: `--help`, then the start line the hub gives (outbound
 * mode) until its Turtle and CSV datasets are online and a grantee's query through the hub is answered by it.
 */
const run = promisify(execFile);
const AGENT_DIR = resolve(__dirname, '..', '..', 'datasource-agent');
const QUERY = 'SELECT ?s ?p ?o WHERE { ?s ?p ?o }';
const CSV = 'Datum;Tijd;Kasluchttemperatuur (°C);EC drain (mS/cm)\n01-03-2026;09:00;19,4;3,1\n01-03-2026;09:05;19,6;-\n';

let api: TestApi;
let dir: string;
let executable: string;
let emptyPath: string;
let agent: ChildProcess | undefined;
let output = '';

/** The only environment the executable gets: a PATH of one empty folder, a home of its own. */
const bareEnv = () => ({ PATH: emptyPath, HOME: dir, TMPDIR: dir });
/** The folders the executable unpacks its bundled files into (under TMPDIR, one per run). */
const unpacked = () => readdirSync(dir).filter((name) => name.startsWith('datahub-databron-'));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'datahub-executable-'));
  // Built here by the package's own script, so the test checks the build as well as the file.
  const built = join(dir, 'build', AGENT_EXECUTABLE_NAME);
  await run(process.execPath, [join(AGENT_DIR, 'scripts', 'build-executable.mjs'), '--out', built], { cwd: AGENT_DIR, maxBuffer: 1 << 24 });
  emptyPath = join(dir, 'bin');
  await mkdir(emptyPath);
  executable = join(dir, 'download', AGENT_EXECUTABLE_NAME);
  await mkdir(join(dir, 'download'));
  await copyFile(built, executable);
  await run('chmod', ['755', executable]);
  // A hub that keeps no copy (2 KB bound): the grantee's query is forwarded to the executable and answered there.
  api = await startTestApi({ SPARQL_CACHE_MB: String(2 / 1024) });
}, 180_000);

afterAll(async () => {
  await stopProcess(agent);
  await api?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the data source as one executable', () => {
  it('runs where no node exists: --help', async () => {
    // No `node` on the PATH the executable gets (and it must not need one).
    expect(emptyPath.split(delimiter).some((folder) => existsSync(join(folder, 'node')))).toBe(false);
    const header = readFileSync(executable).subarray(0, 4);
    expect(header.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))).toBe(true); // ELF
    const { stdout, stderr } = await run(executable, ['--help'], { env: bareEnv() });
    expect(stdout).toContain('Usage: datasource-agent --credentials file.json');
    expect(stdout).toContain('--hub-connect');
    // No "experimental feature" warning in front of a grower.
    expect(stderr).toBe('');
    expect(unpacked()).toEqual([]);
  }, 60_000);

  it("started with the hub's start line, it connects out: its Turtle and CSV datasets come online and answer through the hub", async () => {
    const delta = await api.createOrganization({ name: 'Kwekerij Zonder Node' });
    const west = await api.createOrganization({ name: 'Teler Uitvoerbaar' });
    const owner: TestUser = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
    const grantee: TestUser = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
    const created = await (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Kas met één bestand', hostname: '' } })).json();
    const turtle = readFixtureTurtle();
    // The line the hub shows, run in the download folder beside the credentials file as downloaded.
    const download = join(dir, 'download');
    const [chmod, start] = agentExecutableStartCommand(api.config.publicUrl, created.datasource_id).split(' && ');
    expect(chmod).toBe(`chmod +x ${AGENT_EXECUTABLE_NAME}`);
    const [program, ...args] = start.split(' ');
    expect(program).toBe(`./${AGENT_EXECUTABLE_NAME}`);
    expect(args).toContain('--hub-connect');
    await writeFile(join(download, `datasource-credentials-${created.datasource_id}.json`), JSON.stringify(created));
    const data = join(download, args[args.indexOf('--data') + 1]);
    await mkdir(data);
    await writeFile(join(data, 'kas.ttl'), turtle);
    await writeFile(join(data, 'klimaat.csv'), CSV);
    agent = spawn(join(download, program), args, {
      cwd: download,
      env: bareEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    agent.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    agent.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const rows = await until(async () => {
      const found: { id: string; name: string; status: string }[] = await api.db.query('SELECT id, name, status FROM datasets WHERE datasource_id = $1 ORDER BY name', [created.datasource_id]);
      return found.length === 2 && found.every((row) => row.status === 'online') ? found : undefined;
    }, `both datasets of the executable online; its log:\n${output.slice(-2000)}`).catch((error: Error) => {
      throw new Error(`${error.message}\n${output.slice(-3000)}`);
    });
    expect(output).toMatch(/connected to the hub/);
    // The grower's local page (--page-port 0) printed its one-time link on loopback, and opens with it.
    const link = /(http:\/\/127\.0\.0\.1:\d+)\/start\?code=\S+/.exec(output);
    expect(link, output.slice(-2000)).not.toBeNull();
    const opened = await fetch(link![0], { redirect: 'manual' });
    expect(opened.status).toBeGreaterThanOrEqual(300);
    const cookie = opened.headers.get('set-cookie')!.split(';')[0];
    const page = await fetch(`${link![1]}/`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('kas.ttl');
    expect(html).toContain('klimaat.csv');
    const [connection] = await api.db.query('SELECT count(*)::int AS n FROM datasource_connections WHERE datasource_id = $1', [created.datasource_id]);
    expect(connection.n).toBe(1);

    // A one-category grantee's query is answered by the executable (SPARQL engine worker and oxigraph's wasm inside it).
    const ttlDataset = rows.find((row) => row.name !== 'klimaat')!.id;
    const grant = await api.request(`/api/datasets/${ttlDataset}/authorisations`, {
      method: 'POST',
      token: owner.token,
      json: { dataset: ttlDataset, authorisations: ['Dataset.ReadWater'], assignee_organization: west.id },
    });
    expect(grant.status).toBeLessThan(300);
    const answer = await fetch(`${api.baseUrl}/api/datasets/${ttlDataset}/data?sparql_query=${encodeURIComponent(QUERY)}`, {
      headers: { authorization: `Bearer ${grantee.token}`, accept: 'application/sparql-results+json' },
    });
    const body = await answer.text();
    expect(answer.status, `${body.slice(0, 300)}\n${output.slice(-2000)}`).toBe(200);
    expect(canonicalResults(body)).toEqual(referenceAnswer(turtle, ['Dataset.ReadWater'], QUERY, false));
    expect(output).toMatch(/query answered .*scopes=Dataset\.ReadWater /);
    // Its unpacked code sits in one folder that only its own user can enter.
    expect(unpacked()).toHaveLength(1);
    expect(statSync(join(dir, unpacked()[0])).mode & 0o777).toBe(0o700);
    // The CSV's suggested mapping was written next to it (the table code runs inside the executable too).
    expect(existsSync(join(data, 'klimaat.csv-metadata.json'))).toBe(true);
  }, 180_000);

  it('stops on SIGTERM and leaves no unpacked files behind', async () => {
    await stopProcess(agent);
    expect(agent!.exitCode).toBe(0);
    expect(unpacked()).toEqual([]);
  });

  it('is offered by the hub for download when built, byte for byte the built file', async () => {
    const response = await fetch(agentExecutableUrl(api.baseUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${AGENT_EXECUTABLE_NAME}"`);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(await readFile(agentExecutablePath()))).toBe(true);
  }, 60_000);
});

describe('the container definition (datasource-agent/Dockerfile)', () => {
  const dockerfile = readFileSync(join(AGENT_DIR, 'Dockerfile'), 'utf8');
  /** Instructions with their continuation lines joined, comments left out. */
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, keyword, rest] = /^(\w+)\s+(.*)$/.exec(line)!;
      return { keyword: keyword.toUpperCase(), rest };
    });

  it('builds the executable with the package script and runs it, not Node, as a non-root user in outbound mode', () => {
    const stages = instructions.filter((i) => i.keyword === 'FROM').map((i) => i.rest);
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/^node:20\.\d+-bookworm-slim AS build$/);
    expect(stages[1]).toBe('debian:bookworm-slim');
    const buildRun = instructions.find((i) => i.keyword === 'RUN')!.rest;
    expect(buildRun).toContain('npx turbo run build --filter=datasource-agent');
    // The agent's build script makes the executable the final stage copies.
    const agentPackage = JSON.parse(readFileSync(join(AGENT_DIR, 'package.json'), 'utf8'));
    expect(agentPackage.scripts.build).toContain('node scripts/build-executable.mjs');
    expect(agentPackage.scripts['build:executable']).toBe('node scripts/build-executable.mjs');
    const final = instructions.slice(instructions.findIndex((i) => i.keyword === 'FROM' && i.rest === stages[1]));
    expect(final.find((i) => i.keyword === 'COPY')!.rest).toBe(`--from=build /src/datasource-agent/dist-bin/${AGENT_EXECUTABLE_NAME} /usr/local/bin/datahub-databron`);
    expect(final.find((i) => i.keyword === 'USER')!.rest).not.toMatch(/^(root|0)$/);
    // Outbound mode: the container opens no port.
    expect(instructions.some((i) => i.keyword === 'EXPOSE')).toBe(false);
    const entrypoint: string[] = JSON.parse(final.find((i) => i.keyword === 'ENTRYPOINT')!.rest);
    expect(entrypoint).toEqual(['/usr/local/bin/datahub-databron', '--credentials', '/config/credentials.json', '--data', '/data', '--hub-connect']);
    expect(JSON.parse(final.find((i) => i.keyword === 'CMD')!.rest)).toEqual(['--help']);
    // Every path it copies from the build context exists (the context is the repository root).
    expect(instructions.filter((i) => i.keyword === 'COPY' && !i.rest.startsWith('--from')).map((i) => i.rest)).toEqual(['. .']);
  });
});
