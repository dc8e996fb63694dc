/**
 * End-to-end: the agent started for real (node dist/cli.js) on a loopback port with a temporary
 * data folder and a stand-in hub.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Parser } from 'n3';
import { get, spawnAgent, token, type AgentProcess } from './testing/agent-process';
import { EDGE_TTL, PREFIXES, QUERIES, RUNAWAY, SCOPE_SETS } from './testing/queries';
import { eventually, startFakeHub, type FakeHub } from './testing/fake-hub';
import { TEST_DATASOURCE_ID, TEST_SECRET, readFixtureTurtle } from './testing/fixtures';
import { canonicalGraph, canonicalResults, referenceAnswer } from './testing/reference';

const CATALOG = (extra = '', voorbeeldName = 'Voorbeeldkas') => `datasets:
  - file: voorbeeld.ttl
    dataset_id: voorbeeld-2026
    name: ${voorbeeldName}
    about: Het Hortivation-voorbeeld
    contact: teelt@kwekerij-delta.test
    additional_info: Alleen voor tests
  - file: randgevallen.ttl
    name: Randgevallen
    about: Onderwerpen zonder categorie en lege knopen
    contact: data@kwekerij-delta.test
    additional_info: ''
${extra}`;

describe('datasource-agent (real process)', () => {
  let dir: string;
  let credentialsFile: string;
  let hub: FakeHub;
  let agent: AgentProcess;
  const fixture = readFixtureTurtle();

  const query = (datasetId: string, sparql: string, bearer: string) =>
    get(`${agent.url}/datasets/${encodeURIComponent(datasetId)}?sparql_query=${encodeURIComponent(sparql)}`, bearer);

  /** The id the agent gave randgevallen.ttl (from its registration at the hub). */
  const generatedId = async () =>
    eventually(() => {
      const state = JSON.parse(readFileSync(path.join(dir, '.datahub-agent-state.json'), 'utf8')) as {
        datasets: Record<string, { dataset_id: string; registered: boolean }>;
      };
      const entry = state.datasets['randgevallen.ttl'];
      return entry?.registered ? entry.dataset_id : undefined;
    }, 30_000, 'randgevallen.ttl to be registered');

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'agent-data-'));
    writeFileSync(path.join(dir, 'voorbeeld.ttl'), fixture);
    writeFileSync(path.join(dir, 'randgevallen.ttl'), EDGE_TTL);
    writeFileSync(path.join(dir, 'datasets.yaml'), CATALOG());
    const credentialsDir = mkdtempSync(path.join(os.tmpdir(), 'agent-credentials-'));
    credentialsFile = path.join(credentialsDir, `datasource-credentials-${TEST_DATASOURCE_ID}.json`);
    writeFileSync(
      credentialsFile,
      JSON.stringify({
        datasource_id: TEST_DATASOURCE_ID,
        name: 'Kwekerij Delta databron',
        hostname: null,
        credentials: { datasource_id: TEST_DATASOURCE_ID, secret: TEST_SECRET },
        cloud_init_config: '#cloud-config\n',
      }),
    );
    hub = await startFakeHub(TEST_SECRET, TEST_DATASOURCE_ID);
    hub.failNext(2); // the hub is down at first: the agent serves anyway and retries
    agent = await spawnAgent([
      '--credentials', credentialsFile,
      '--data', dir,
      '--hub', hub.url,
      '--port', '0',
      '--public-hostname', 'kas.kwekerij-delta.test:8443',
      '--rescan-interval', '2',
    ]);
  });

  afterAll(async () => {
    await agent?.stop();
    await hub?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (credentialsFile) rmSync(path.dirname(credentialsFile), { recursive: true, force: true });
  });

  it('answers GET / without a token', async () => {
    const health = await get(agent.url);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok', datasets: 2, ready: true });
  });

  it("serves its folder's licences.json at /licences without a token, and 404 without one", async () => {
    expect((await get(`${agent.url}/licences`)).status).toBe(404);
    const licences = [{ application_slug: 'teeltregistratie-delta', organization_slug: 'kwekerij-delta', start_date: '2026-01-01T00:00:00', end_date: '2027-12-31T00:00:00' }];
    writeFileSync(path.join(dir, 'licences.json'), JSON.stringify(licences));
    const answer = await get(`${agent.url}/licences`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual(licences);
    writeFileSync(path.join(dir, 'licences.json'), '{"geen": "lijst"}');
    expect((await get(`${agent.url}/licences`)).status).toBe(404);
    unlinkSync(path.join(dir, 'licences.json'));
  });

  it('registers its host and datasets at the hub, retrying while the hub fails', async () => {
    const id = await generatedId();
    await eventually(() => hub.datasets.has('voorbeeld-2026') && hub.datasets.has(id), 30_000, 'both registrations');
    const posts = hub.calls.filter((call) => call.method === 'POST' && call.claims);
    expect(posts.find((call) => call.path === '/api/datasource-protocol/host')?.body).toEqual({ hostname: 'kas.kwekerij-delta.test:8443' });
    expect(posts.filter((call) => call.path === '/api/datasource-protocol/datasets').map((call) => call.body)).toEqual(
      expect.arrayContaining([
        { dataset_id: 'voorbeeld-2026', file_format: '.ttl' },
        { dataset_id: id, file_format: '.ttl' },
      ]),
    );
    expect(hub.calls.slice(0, 2).every((call) => call.claims)).toBe(true);
  });

  it('serves metadata with a hub token', async () => {
    const metadata = () => get(`${agent.url}/datasets/voorbeeld-2026/metadata`, token('voorbeeld-2026', ['Dataset.ReadWater']));
    // The quality summary joins the metadata once the dataset's check has run.
    await expect.poll(async () => 'quality' in JSON.parse((await metadata()).body)).toBe(true);
    const answer = await metadata();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      quality: expect.objectContaining({ conforms: expect.any(Boolean), violations: expect.any(Number) }),
      dataset_id: 'voorbeeld-2026',
      name: 'Voorbeeldkas',
      about: 'Het Hortivation-voorbeeld',
      contact: 'teelt@kwekerij-delta.test',
      additional_info: 'Alleen voor tests',
      triples: new Parser().parse(fixture).length,
      // The fixture has every category: all of them, in the fixed DATASET_SCOPES order.
      categories: ['Construction', 'Water', 'Heating', 'Crop', 'Glass', 'Other', 'Roof', 'VenloGreenhouse'],
    });
  });

  it('reports only the categories a dataset holds, in the fixed order, in its metadata', async () => {
    const id = await generatedId();
    const answer = await get(`${agent.url}/datasets/${id}/metadata`, token(id, ['Dataset.ReadAll']));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).categories).toEqual(['Construction', 'Water', 'Heating', 'Roof', 'VenloGreenhouse']);
  });

  it('answers queries over exactly the subgraph the token permits (n3 reference)', async () => {
    const datasets: [string, string][] = [
      ['voorbeeld-2026', fixture],
      [await generatedId(), EDGE_TTL],
    ];
    for (const [datasetId, turtle] of datasets) {
      for (const scopes of SCOPE_SETS) {
        const bearer = token(datasetId, scopes);
        for (const { query: sparql, graph } of QUERIES) {
          const answer = await query(datasetId, sparql, bearer);
          expect(answer.status, `${datasetId} ${scopes.join('+')} ${sparql}`).toBe(200);
          expect(answer.type).toMatch(graph ? /^text\/turtle/ : /^application\/sparql-results\+json/);
          const ours = graph ? canonicalGraph(answer.body) : canonicalResults(answer.body);
          expect(ours, `${datasetId} ${scopes.join('+')} ${sparql}`).toEqual(referenceAnswer(turtle, scopes, sparql, graph));
        }
      }
    }
  });

  it('serves categorised blank-node subjects under their category only, two look-alikes as two', async () => {
    const id = await generatedId();
    const construct = await query(id, `${PREFIXES}CONSTRUCT WHERE { ?s ?p ?o }`, token(id, ['Dataset.ReadHeating']));
    expect(construct.status).toBe(200);
    const quads = new Parser().parse(construct.body);
    const blankSubjects = [...new Set(quads.filter((quad) => quad.subject.termType === 'BlankNode').map((quad) => quad.subject.value))];
    expect(blankSubjects).toHaveLength(2);
    for (const subject of blankSubjects) {
      expect(
        quads
          .filter((quad) => quad.subject.value === subject)
          .map((quad) => `${quad.predicate.value.replace(/^.*[#/]/, '')} ${quad.object.value.replace(/^.*[#/]/, '')}`)
          .sort(),
      ).toEqual(['hasCategory Heating', 'hasNumericalValue 3', 'type Measurement']);
    }
    const measurements = async (scopes: string[]) => {
      const answer = await query(id, `${PREFIXES}SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a cgo:Measurement FILTER(isBlank(?s)) }`, token(id, scopes));
      return JSON.parse(answer.body).results.bindings[0].n.value;
    };
    expect(await measurements(['Dataset.ReadHeating'])).toBe('2');
    expect(await measurements(['Dataset.ReadWater'])).toBe('0');
    expect(await measurements(['Dataset.ReadAll'])).toBe('2');
  });

  it('refuses bad tokens: missing, tampered, expired, wrong audience, alg none, unknown scope', async () => {
    const url = `${agent.url}/datasets/voorbeeld-2026?sparql_query=${encodeURIComponent('ASK { ?s ?p ?o }')}`;
    const good = token('voorbeeld-2026', ['Dataset.ReadWater']);
    expect((await get(url, good)).status).toBe(200);

    // A 401 says 'unauthorized' and nothing more: the precise fault would coach a forger (it goes to the log).
    const refused = async (bearer: string | undefined, status: number, reason: string) => {
      const answer = await get(url, bearer);
      expect(answer.status, reason).toBe(status);
      if (status === 401) expect(JSON.parse(answer.body), reason).toEqual({ statusCode: 401, detail: 'unauthorized' });
      else expect(JSON.parse(answer.body)).toMatchObject({ statusCode: status, detail: expect.any(String), reason });
    };
    await refused(undefined, 401, 'missing_token');

    const [header, payload, signature] = good.split('.');
    const widened = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), scopes: ['Dataset.ReadAll'] }),
    ).toString('base64url');
    await refused(`${header}.${widened}.${signature}`, 401, 'invalid_signature');

    await refused(token('voorbeeld-2026', ['Dataset.ReadWater'], { now: Date.now() - 10 * 60_000 }), 401, 'token_expired');
    await refused(token('some-other-dataset', ['Dataset.ReadAll']), 401, 'wrong_audience');

    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    await refused(none, 401, 'wrong_algorithm');
    const hs512Header = Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url');
    const hs512 = `${hs512Header}.${payload}.${createHmac('sha512', TEST_SECRET).update(`${hs512Header}.${payload}`).digest('base64url')}`;
    await refused(hs512, 401, 'wrong_algorithm');

    await refused(token('voorbeeld-2026', ['Dataset.ReadWater', 'Dataset.ReadSecrets']), 403, 'unknown_scope');
    await refused(token('voorbeeld-2026', []), 403, 'no_scopes');
    // the metadata call checks the token the same way
    expect((await get(`${agent.url}/datasets/voorbeeld-2026/metadata`, token('some-other-dataset', ['Dataset.ReadAll']))).status).toBe(401);
  });

  it('serves the whole dataset, exactly as loaded, at /dump for a ReadAll token only', async () => {
    const dump = await get(`${agent.url}/datasets/voorbeeld-2026/dump`, token('voorbeeld-2026', ['Dataset.ReadAll']));
    expect([dump.status, dump.type]).toEqual([200, 'text/turtle; charset=utf-8']);
    expect(dump.body).toBe(fixture);
    const scoped = await get(`${agent.url}/datasets/voorbeeld-2026/dump`, token('voorbeeld-2026', ['Dataset.ReadWater']));
    expect(scoped.status).toBe(403);
    expect(scoped.body).not.toContain('@prefix');
    expect((await get(`${agent.url}/datasets/voorbeeld-2026/dump`)).status).toBe(401);
  });

  it('answers in the W3C format the Accept header asks for', async () => {
    const bearer = token('voorbeeld-2026', ['Dataset.ReadWater']);
    const ask = async (sparql: string, accept: string) => {
      const response = await fetch(`${agent.url}/datasets/voorbeeld-2026?sparql_query=${encodeURIComponent(sparql)}`, { headers: { authorization: `Bearer ${bearer}`, accept } });
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    };
    const select = PREFIXES + 'SELECT ?s WHERE { ?s cgo:hasCategory "Water" } ORDER BY ?s';
    const json = JSON.parse((await ask(select, 'application/sparql-results+json')).body) as { results: { bindings: { s: { value: string } }[] } };
    const subjects = json.results.bindings.map((binding) => binding.s.value).filter((value) => value.startsWith('http'));
    expect(subjects.length).toBeGreaterThan(0);
    const csv = await ask(select, 'text/csv');
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.body.split(/\r?\n/)[0]).toBe('s');
    for (const subject of subjects) expect(csv.body).toContain(subject);
    expect((await ask(select, 'text/tab-separated-values')).body.split(/\r?\n/)[0]).toBe('?s');
    expect((await ask(select, 'application/sparql-results+xml')).body).toContain('<sparql');
    const construct = PREFIXES + 'CONSTRUCT WHERE { ?s cgo:hasCategory "Water" }';
    const ntriples = await ask(construct, 'application/n-triples');
    expect(ntriples.type).toMatch(/^application\/n-triples/);
    expect(ntriples.body).toContain('"Water"');
    expect(Array.isArray(JSON.parse((await ask(construct, 'application/ld+json')).body))).toBe(true);
  });

  it('refuses updates and malformed requests with a reason', async () => {
    const bearer = token('voorbeeld-2026', ['Dataset.ReadAll']);
    const update = await query('voorbeeld-2026', 'DELETE WHERE { ?s ?p ?o }', bearer);
    expect(update.status).toBe(400);
    expect(JSON.parse(update.body)).toMatchObject({ statusCode: 400, reason: 'update_not_allowed' });
    const service = await query('voorbeeld-2026', 'SELECT * WHERE { SERVICE <http://evil.test/sparql> { ?s ?p ?o } }', bearer);
    expect(JSON.parse(service.body)).toMatchObject({ statusCode: 400, reason: 'service_not_allowed' });
    expect((await get(`${agent.url}/datasets/voorbeeld-2026`, bearer)).status).toBe(400);
    expect((await get(`${agent.url}/datasets/nope/metadata`, token('nope', ['Dataset.ReadAll']))).status).toBe(404);
    const huge = await query('voorbeeld-2026', `ASK {} # ${'x'.repeat(70 * 1024)}`, bearer);
    expect(huge.status).toBe(413);
    expect((await get(`${agent.url}/elders`)).status).toBe(404);
  });

  it('stops a runaway query at the default deadline of 10 s with 504, and answers the next one', async () => {
    const bearer = token('voorbeeld-2026', ['Dataset.ReadAll']);
    const started = Date.now();
    const answer = await query('voorbeeld-2026', RUNAWAY, bearer);
    const elapsed = Date.now() - started;
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.body)).toEqual({ statusCode: 504, detail: 'timeout', reason: 'timeout', message: 'the query did not finish within 10000 ms' });
    // Never early; and ended, not left running (the runaway would run for ever): a margin a loaded
    // 2-core machine cannot exceed, yet far below what a missing kill would take.
    expect(elapsed).toBeGreaterThanOrEqual(10_000 - 50);
    expect(elapsed).toBeLessThan(10_000 + 8_000);
    expect((await query('voorbeeld-2026', 'ASK { ?s ?p ?o }', bearer)).status).toBe(200);
  }, 30_000);

  it('notices added, changed and removed datasets', async () => {
    const bearer = (scopes = ['Dataset.ReadAll']) => token('nieuw-1', scopes);
    const count = async () => {
      const answer = await query('nieuw-1', 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', bearer());
      return answer.status === 200 ? Number(JSON.parse(answer.body).results.bindings[0].n.value) : answer.status;
    };
    const entry = (name: string) => `  - file: nieuw.ttl\n    dataset_id: nieuw-1\n    name: ${name}\n    about: Nieuw\n    contact: x\n    additional_info: y\n`;

    // added
    writeFileSync(path.join(dir, 'nieuw.ttl'), '<urn:a> <urn:b> "1" ; <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#hasCategory> "Water" .\n');
    writeFileSync(path.join(dir, 'datasets.yaml'), CATALOG(entry('Nieuwe dataset')));
    await eventually(async () => (await count()) === 2, 30_000, 'the new dataset');
    await eventually(() => hub.datasets.has('nieuw-1'), 30_000, 'the new dataset to be registered');

    // changed content
    writeFileSync(
      path.join(dir, 'nieuw.ttl'),
      '<urn:a> <urn:b> "1", "2", "3" ; <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#hasCategory> "Water" .\n<urn:c> <urn:b> "4" .\n',
    );
    await eventually(async () => (await count()) === 5, 30_000, 'the changed content');
    const water = await query('nieuw-1', 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', bearer(['Dataset.ReadWater']));
    expect(JSON.parse(water.body).results.bindings[0].n.value).toBe('4');

    // changed description
    writeFileSync(path.join(dir, 'datasets.yaml'), CATALOG(entry('Hernoemd')));
    await eventually(async () => {
      const answer = await get(`${agent.url}/datasets/nieuw-1/metadata`, bearer());
      return answer.status === 200 && JSON.parse(answer.body).name === 'Hernoemd';
    }, 30_000, 'the new name');
    expect(JSON.parse((await get(`${agent.url}/datasets/nieuw-1/metadata`, bearer())).body).categories).toEqual(['Water']);

    // removed
    unlinkSync(path.join(dir, 'nieuw.ttl'));
    await eventually(async () => (await count()) === 404, 30_000, 'the removal');
    await eventually(
      () => hub.calls.some((call) => call.method === 'DELETE' && call.path === '/api/datasource-protocol/datasets/nieuw-1'),
      30_000,
      'the hub to hear of the removal',
    );
    expect(hub.datasets.has('nieuw-1')).toBe(false);
  });

  it('serves an unlisted .ttl file under a new id and keeps ids across restarts', async () => {
    writeFileSync(path.join(dir, 'los.ttl'), '<urn:los> <urn:p> "x" ; <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#hasCategory> "Other" .\n');
    const losId = await eventually(() => {
      const state = JSON.parse(readFileSync(path.join(dir, '.datahub-agent-state.json'), 'utf8')) as {
        datasets: Record<string, { dataset_id: string; registered: boolean }>;
      };
      return state.datasets['los.ttl']?.registered ? state.datasets['los.ttl'].dataset_id : undefined;
    }, 30_000, 'los.ttl to be registered');
    const metadata = await get(`${agent.url}/datasets/${losId}/metadata`, token(losId, ['Dataset.ReadOther']));
    expect(JSON.parse(metadata.body)).toMatchObject({ dataset_id: losId, name: 'los' });

    const randId = await generatedId();
    const registrations = hub.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/datasets')).length;
    const listings = hub.calls.filter((call) => call.method === 'GET').length;
    expect(await agent.stop()).toBe(0);
    agent = await spawnAgent(['--credentials', credentialsFile, '--data', dir, '--hub', hub.url, '--port', '0', '--rescan-interval', '2']);
    for (const id of [randId, losId, 'voorbeeld-2026']) {
      const answer = await query(id, 'ASK { ?s ?p ?o }', token(id, ['Dataset.ReadAll']));
      expect(answer.status, id).toBe(200);
    }
    // The hub already lists them: no new registrations, and the host is not registered again.
    // The restarted agent says when its first round with the hub is over.
    await eventually(() => agent.output().includes('in step with the hub'), 30_000, 'the restarted agent to finish a round with the hub');
    expect(hub.calls.filter((call) => call.method === 'GET').length).toBeGreaterThan(listings);
    expect(hub.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/datasets')).length).toBe(registrations);
    expect(hub.calls.filter((call) => call.path.endsWith('/host')).length).toBe(3); // 2 refused + 1 accepted, none after the restart
  });
});

describe('datasource-agent with --deadline (real process)', () => {
  let dir: string;
  let agent: AgentProcess | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'agent-deadline-'));
    writeFileSync(path.join(dir, 'voorbeeld.ttl'), readFixtureTurtle());
    writeFileSync(path.join(dir, 'datasets.yaml'), 'datasets:\n  - file: voorbeeld.ttl\n    dataset_id: kort-1\n    name: Kort\n    about: x\n    contact: x\n    additional_info: x\n');
    const credentialsFile = path.join(dir, 'credentials.json');
    writeFileSync(credentialsFile, JSON.stringify({ datasource_id: TEST_DATASOURCE_ID, credentials: { datasource_id: TEST_DATASOURCE_ID, secret: TEST_SECRET } }));
    agent = await spawnAgent(['--credentials', credentialsFile, '--data', dir, '--port', '0', '--deadline', '1500']);
  });
  afterAll(async () => {
    await agent?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers 504 at the given deadline, not later', async () => {
    const started = Date.now();
    const answer = await get(`${agent!.url}/datasets/kort-1?sparql_query=${encodeURIComponent(RUNAWAY)}`, token('kort-1', ['Dataset.ReadAll']));
    const elapsed = Date.now() - started;
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 504, reason: 'timeout', message: 'the query did not finish within 1500 ms' });
    // The given deadline, not the default 10 s: never early, and well before 10 s even on a loaded machine.
    expect(elapsed).toBeGreaterThanOrEqual(1_500 - 50);
    expect(elapsed).toBeLessThan(7_000);
  });
});
