/**
 * A CSV export dropped in the data folder is served as a dataset (issue 35): a suggested mapping
 * is written next to it, the metadata lists the columns' categories, a one-category token sees
 * that category's observations only, and an edited mapping reloads the dataset.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgent, type RunningAgent } from '../agent';
import { createLogger } from '../log';
import { checkInWorker } from '../quality/quality-monitor';
import { get, token } from '../testing/agent-process';
import { eventually } from '../testing/fake-hub';
import { TEST_DATASOURCE_ID, TEST_SECRET } from '../testing/fixtures';

const EXPORT =
  'Datum;Tijd;Kasluchttemperatuur (°C);EC drain (mS/cm)\n' +
  '01-03-2026;09:00;19,4;3,1\n' +
  '01-03-2026;09:05;19,6;-\n';

describe('a table file served by the agent', () => {
  let dir: string;
  let agent: RunningAgent;
  const messages: string[] = [];
  const quiet = createLogger('error');
  const log = { ...quiet, info: (message: string) => void messages.push(message) };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'agent-tables-'));
    writeFileSync(path.join(dir, 'klimaat.csv'), EXPORT);
    agent = await startAgent({
      credentials: { datasourceId: TEST_DATASOURCE_ID, secret: TEST_SECRET },
      dataDir: dir,
      port: 0,
      rescanIntervalMs: 0,
      quality: false,
      log,
    });
  });

  afterAll(async () => {
    await agent?.stop();
  });

  const datasetId = () => agent.manager.list().find((dataset) => dataset.file === 'klimaat.csv')!.id;
  const select = (scopes: string[]) =>
    get(
      `${agent.url}/datasets/${datasetId()}?sparql_query=${encodeURIComponent(
        'SELECT ?time ?value ?category WHERE { ?o a <http://www.w3.org/ns/sosa/Observation> ; <http://www.w3.org/ns/sosa/resultTime> ?time ; <http://www.w3.org/ns/sosa/hasSimpleResult> ?value ; <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#hasCategory> ?category } ORDER BY ?category ?time',
      )}`,
      token(datasetId(), scopes),
    );
  const rows = (body: string) =>
    (JSON.parse(body) as { results: { bindings: Record<string, { value: string }>[] } }).results.bindings.map((row) => [row.time.value, row.value.value, row.category.value]);

  it('writes a suggested mapping, converts the rows and reports the categories found', async () => {
    const mapping = JSON.parse(readFileSync(path.join(dir, 'klimaat.csv-metadata.json'), 'utf8')) as { tableSchema: { columns: Record<string, unknown>[] } };
    expect(mapping.tableSchema.columns.map((column) => column['cgo:hasCategory'] ?? null)).toEqual([null, null, 'Other', 'Water']);
    const dataset = agent.manager.list()[0];
    expect(dataset).toMatchObject({ file: 'klimaat.csv', metadata: { name: 'klimaat' }, categories: ['Water', 'Other'], table: { rows: 2, observations: 3 } });
    const metadata = await get(`${agent.url}/datasets/${datasetId()}/metadata`, token(datasetId(), ['Dataset.ReadAll']));
    expect(metadata.status).toBe(200);
    expect(JSON.parse(metadata.body)).toMatchObject({ categories: ['Water', 'Other'], triples: 8 + 3 * 5 });
    // Writing the suggestion is not a change of the file: converted once, not again on the next scans.
    await agent.manager.scan();
    await agent.manager.scan();
    expect(messages.filter((message) => message === 'table converted')).toHaveLength(1);
  });

  it('checks the converted table against the greenhouse ontology, not the raw file', async () => {
    const summary = await checkInWorker(path.join(dir, 'klimaat.csv'), { datasetId: datasetId() });
    expect(summary).toMatchObject({ triples: 8 + 3 * 5 });
  });

  it('answers a one-category grantee with that category only', async () => {
    const water = await select(['Dataset.ReadWater']);
    expect(water.status).toBe(200);
    expect(rows(water.body)).toEqual([['2026-03-01T08:00:00Z', '3.1', 'Water']]);
    const other = await select(['Dataset.ReadOther']);
    expect(rows(other.body)).toEqual([
      ['2026-03-01T08:00:00Z', '19.4', 'Other'],
      ['2026-03-01T08:05:00Z', '19.6', 'Other'],
    ]);
  });

  it('reloads the dataset when its mapping changes', async () => {
    const file = path.join(dir, 'klimaat.csv-metadata.json');
    const mapping = JSON.parse(readFileSync(file, 'utf8')) as { tableSchema: { columns: Record<string, unknown>[] } };
    mapping.tableSchema.columns[3]['cgo:hasCategory'] = 'Heating';
    writeFileSync(file, JSON.stringify(mapping));
    await eventually(async () => {
      await agent.manager.scan();
      return agent.manager.list()[0].categories.includes('Heating') || undefined;
    }, 20_000, 'the new mapping to be used');
    expect(agent.manager.list()[0].categories).toEqual(['Heating', 'Other']);
  });
});
