/**
 * The data source's quality check (issue 36): the CGO shapes and the hub's category shape applied
 * by shacl-engine, summed up without the data, and sent in the metadata answer the hub pulls.
 * Needs the built worker (npm run build -w datasource-agent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Parser, Store } from 'n3';
import { KNOWN_CATEGORIES } from '@datahub/domain';
import { startAgent, type RunningAgent } from '../agent';
import { createLogger } from '../log';
import { get, token } from '../testing/agent-process';
import { FIXTURE_TTL_PATH, TEST_DATASOURCE_ID, TEST_SECRET } from '../testing/fixtures';
import { checkInWorker } from './quality-monitor';
import type { QualitySummary } from './summary';
import { shapesDir } from './shapes';
import { validateQuads } from './validate';

const PREFIXES = `PREFIX : <https://data.kwekerij-delta.test/q/>
PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>
PREFIX om: <http://www.ontology-of-units-of-measure.org/resource/om-2/>
`;
/** Fits every applied shape: a pest (no CGO shape asks anything of it) and a named thing, both categorised. */
const FITTING = `${PREFIXES}
:trips a cgo:Pest ; cgo:hasCategory "Crop" .
:kas cgo:hasName "Kas 1" ; cgo:hasCategory "VenloGreenhouse" .
`;
/** A net without what it prevents (CGO's AntiInsectNetShape) and a category the hub does not know. */
const DEVIATING = `${PREFIXES}
:net a cgo:AntiInsectNet ; cgo:hasName "geheime-netnaam-4711" ; cgo:hasCategory "Construction" .
:tank cgo:hasName "geheime-tanknaam-0815" ; cgo:hasCategory "Watr" .
`;

const parse = (turtle: string) => new Store(new Parser().parse(turtle));

describe('quality check', () => {
  it('finds nothing in data that fits the shapes', async () => {
    const summary = await validateQuads(parse(FITTING));
    expect(summary).toMatchObject({ conforms: true, violations: 0, warnings: 0, findings: [], triples: 4 });
  });

  it("reports CGO's shapes and the hub's category shape per shape, with IRIs as examples and never a literal of the data", async () => {
    const summary = await validateQuads(parse(DEVIATING));
    expect(summary.conforms).toBe(false);
    expect(summary.violations).toBe(summary.findings.reduce((sum, finding) => sum + finding.count, 0));
    expect(summary.findings).toEqual(
      expect.arrayContaining([
        {
          shape: 'https://www.tno.nl/agrifood/shacl/common-greenhouse-ontology#AntiInsectNetShape',
          path: 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#prevents',
          constraint: 'MinCountConstraintComponent',
          severity: 'Violation',
          expected: '1',
          count: 1,
          examples: ['https://data.kwekerij-delta.test/q/net'],
        },
        {
          shape: 'https://datahub-tuinbouw.nl/shapes/hub#CategoryShape',
          path: 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#hasCategory',
          constraint: 'InConstraintComponent',
          severity: 'Violation',
          expected: KNOWN_CATEGORIES.join(', '),
          count: 1,
          examples: ['https://data.kwekerij-delta.test/q/tank'],
        },
      ]),
    );
    const sent = JSON.stringify(summary);
    for (const literal of ['geheime-netnaam-4711', 'geheime-tanknaam-0815', 'Watr']) expect(sent).not.toContain(literal);
  });

  it('checks a large file with the same shapes as SPARQL over oxigraph, with the same result', async () => {
    const counts = (summary: QualitySummary) => summary.findings.map((finding) => `${finding.shape} ${finding.path} ${finding.constraint} ${finding.count}`).sort();
    const engine = await checkInWorker(FIXTURE_TTL_PATH);
    const large = await checkInWorker(FIXTURE_TTL_PATH, { engineMaxBytes: 0 });
    expect(engine.violations).toBeGreaterThan(0);
    expect(large).toMatchObject({ violations: engine.violations, triples: engine.triples });
    expect(counts(large)).toEqual(counts(engine));
  });

  it("the hub's category shape lists exactly the eight known categories", () => {
    const shape = readFileSync(path.join(shapesDir(), 'hub', 'categories.shapes.ttl'), 'utf8');
    const list = /sh:in \(([^)]*)\)/.exec(shape)?.[1].match(/"[^"]+"/g)?.map((literal) => literal.slice(1, -1));
    expect(list).toEqual([...KNOWN_CATEGORIES]);
  });
});

describe('quality in the metadata answer', () => {
  let dir: string;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'agent-quality-'));
    writeFileSync(path.join(dir, 'goed.ttl'), FITTING);
    writeFileSync(path.join(dir, 'afwijkend.ttl'), DEVIATING);
    writeFileSync(path.join(dir, 'datasets.yaml'), 'datasets:\n  - file: goed.ttl\n    dataset_id: goed-1\n  - file: afwijkend.ttl\n    dataset_id: afwijkend-1\n');
    agent = await startAgent({ credentials: { datasourceId: TEST_DATASOURCE_ID, secret: TEST_SECRET }, dataDir: dir, port: 0, log: createLogger('error'), rescanIntervalMs: 0 });
    await agent.quality!.idle();
  });

  afterAll(async () => {
    await agent?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries each dataset\'s summary, and a changed file is checked again', async () => {
    const metadata = async (id: string) => JSON.parse((await get(`${agent.url}/datasets/${id}/metadata`, token(id, ['Dataset.ReadAll']))).body) as { quality?: { conforms: boolean; violations: number } };
    expect((await metadata('goed-1')).quality).toMatchObject({ conforms: true, violations: 0, shapes_version: 'cgo@8c14c8b+hub@1' });
    expect((await metadata('afwijkend-1')).quality).toMatchObject({ conforms: false, violations: (await validateQuads(parse(DEVIATING))).violations });

    writeFileSync(path.join(dir, 'afwijkend.ttl'), FITTING.replace(/:kas/g, ':kas2'));
    await agent.manager.scan();
    await agent.quality!.idle();
    expect((await metadata('afwijkend-1')).quality).toMatchObject({ conforms: true, violations: 0 });
  });
});
