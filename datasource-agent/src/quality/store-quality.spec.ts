/**
 * Store mode's quality check against a real Virtuoso (started for this file): the agent asks each
 * constraint of the store, and its summary equals shacl-engine's on the same Turtle.
 * Needs the built agent (npm run build -w datasource-agent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Parser, Store } from 'n3';
import { spawnAgent, token, type AgentProcess } from '../testing/agent-process';
import { TEST_DATASOURCE_ID, TEST_SECRET, readFixtureTurtle } from '../testing/fixtures';
import { startVirtuoso, type TestVirtuoso } from '../store/virtuoso-process';
import { validateQuads } from './validate';
import type { QualitySummary } from './summary';

const counts = (summary: QualitySummary) => summary.findings.map((finding) => `${finding.shape} ${finding.path} ${finding.constraint} ${finding.count}`).sort();

describe('quality check in store mode (Virtuoso)', () => {
  let virtuoso: TestVirtuoso;
  let dir: string;
  let agent: AgentProcess;
  const fixture = readFixtureTurtle();

  beforeAll(async () => {
    virtuoso = await startVirtuoso();
    dir = mkdtempSync(path.join(os.tmpdir(), 'agent-store-quality-'));
    writeFileSync(path.join(dir, 'voorbeeld.ttl'), fixture);
    writeFileSync(path.join(dir, 'datasets.yaml'), 'datasets:\n  - file: voorbeeld.ttl\n    dataset_id: voorbeeld-2026\n');
    const credentialsFile = path.join(dir, '.credentials.json');
    writeFileSync(credentialsFile, JSON.stringify({ datasource_id: TEST_DATASOURCE_ID, credentials: { datasource_id: TEST_DATASOURCE_ID, secret: TEST_SECRET } }));
    agent = await spawnAgent(['--credentials', credentialsFile, '--data', dir, '--port', '0', '--rescan-interval', '0', ...virtuoso.cliArgs]);
  }, 120_000);

  afterAll(async () => {
    await agent?.stop();
    await virtuoso?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reports what shacl-engine finds in the same Turtle', async () => {
    const metadata = async () =>
      ((await (await fetch(`${agent.url}/datasets/voorbeeld-2026/metadata`, { headers: { authorization: `Bearer ${token('voorbeeld-2026', ['Dataset.ReadAll'])}` } })).json()) as { quality?: QualitySummary }).quality;
    let quality: QualitySummary | undefined;
    for (let attempt = 0; attempt < 240 && !quality; attempt += 1) {
      quality = await metadata();
      if (!quality) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const engine = await validateQuads(new Store(new Parser().parse(fixture)));
    expect(counts(quality!)).toEqual(counts(engine));
    expect(quality).toMatchObject({ conforms: false, violations: engine.violations, triples: engine.triples });
  }, 90_000);
});
