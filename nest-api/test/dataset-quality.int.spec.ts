import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Parser, Store } from 'n3';
import { validateQuads } from 'datasource-agent/src/quality/validate';
import { DiscoveryService } from '../src/hub/discovery.service';
import type { TestApi, TestUser } from './harness';
import { startHubWithDataset, type HubWithDataset } from './hub-dataset';

/**
 * Data quality against the Common Greenhouse Ontology (issue 36 section 3), over the real hub and the
 * real reference data source: its summary arrives with the metadata, the catalogue shows and filters
 * on it, and only the owner sees the findings.
 */
let hub: HubWithDataset;
let api: TestApi;
let datasetId: string;
let slug: string;
let owner: TestUser;
let grantee: TestUser;
/** The violations the same shapes find in the same Turtle, checked here directly. */
let expectedViolations: number;

interface Entry {
  dataset_id: string;
  quality: { conforms: boolean; violations: number; warnings: number; checked_at: string } | null;
}

const catalogue = async (query: string, user?: TestUser) => {
  const response = await api.request(`/api/datasets${query}`, user ? { token: user.token } : {});
  return { status: response.status, entries: response.status === 200 ? ((await response.json()) as Entry[]) : [] };
};
const ids = (entries: Entry[]) => entries.map((entry) => entry.dataset_id);

beforeAll(async () => {
  hub = await startHubWithDataset({ SPARQL_WORKERS: '1' });
  ({ api, datasetId } = hub);
  owner = hub.owner.user;
  const west = await api.createOrganization({ name: 'Kassenbouw West' });
  grantee = await api.createUser({ organizationId: west.id });
  await hub.grant(['Dataset.ReadWater'], west);
  [{ slug }] = await api.db.query('SELECT slug FROM datasets WHERE id = $1', [datasetId]);
  expectedViolations = (await validateQuads(new Store(new Parser().parse(hub.turtle)))).violations;
  // The agent checks after loading; discovery pulls the summary with the metadata.
  const [{ datasource_id: datasourceId }] = await api.db.query('SELECT datasource_id FROM datasets WHERE id = $1', [datasetId]);
  for (let attempt = 0; attempt < 240; attempt += 1) {
    await api.app.get(DiscoveryService).discoverDatasource(datasourceId);
    if ((await api.db.query('SELECT 1 FROM dataset_quality WHERE dataset_id = $1', [datasetId])).length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 120_000);

afterAll(async () => {
  await hub?.close();
});

describe('dataset quality', () => {
  it('the catalogue entry carries the counts the data source found, the same as the shapes give', async () => {
    expect(expectedViolations).toBeGreaterThan(0);
    const { entries } = await catalogue('', grantee);
    const entry = entries.find((candidate) => candidate.dataset_id === datasetId);
    expect(entry?.quality).toMatchObject({ conforms: false, violations: expectedViolations, warnings: 0 });
  });

  it('the catalogue filters on it, refreshed when the report changes, and refuses an unknown filter', async () => {
    expect(ids((await catalogue('?quality=deviations', grantee)).entries)).toEqual([datasetId]);
    expect(ids((await catalogue('?quality=conforms', grantee)).entries)).toEqual([]);
    // A newer report (as discovery would keep it) reaches the kept catalogue pages (their notification is asynchronous).
    await api.db.query("UPDATE dataset_quality SET conforms = true, violations = 0, findings = '[]' WHERE dataset_id = $1", [datasetId]);
    await expect.poll(async () => ids((await catalogue('?quality=conforms', grantee)).entries), { timeout: 2_000, interval: 20 }).toEqual([datasetId]);
    await expect.poll(async () => ids((await catalogue('?quality=deviations', grantee)).entries), { timeout: 2_000, interval: 20 }).toEqual([]);
    expect((await catalogue('?quality=slecht', grantee)).status).toBe(422);
    await api.db.query("UPDATE dataset_quality SET checked_at = checked_at - interval '1 day' WHERE dataset_id = $1", [datasetId]);
    const [{ datasource_id: datasourceId }] = await api.db.query('SELECT datasource_id FROM datasets WHERE id = $1', [datasetId]);
    await api.app.get(DiscoveryService).discoverDatasource(datasourceId);
    await expect.poll(async () => ids((await catalogue('?quality=deviations', grantee)).entries), { timeout: 2_000, interval: 20 }).toEqual([datasetId]);
  });

  it('the dataset page gives the owner the findings, and no one else', async () => {
    const page = async (user: TestUser) => (await (await api.request(`/api/pages/dataset/${slug}`, { token: user.token })).json()) as {
      dataset: Entry;
      quality_findings: { conforms: boolean; violations: number; findings: { shape: string; path: string | null; count: number; examples: string[] }[] } | null;
    };
    const own = await page(owner);
    expect(own.quality_findings).toMatchObject({ conforms: false, violations: expectedViolations });
    expect(own.quality_findings!.findings.reduce((sum, finding) => sum + finding.count, 0)).toBe(expectedViolations);
    expect(own.quality_findings!.findings.every((finding) => finding.examples.every((example) => example === '_:' || /^[a-z]+:/.test(example)))).toBe(true);
    const other = await page(grantee);
    expect(other.dataset.quality).toMatchObject({ conforms: false, violations: expectedViolations });
    expect(other.quality_findings).toBeNull();
  });
});
