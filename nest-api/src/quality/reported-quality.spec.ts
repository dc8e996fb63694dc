import { describe, expect, it } from 'vitest';
import { reportedQuality } from './reported-quality';

const finding = {
  shape: 'https://www.tno.nl/agrifood/shacl/common-greenhouse-ontology#AntiInsectNetShape',
  path: 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#prevents',
  constraint: 'MinCountConstraintComponent',
  severity: 'Violation',
  expected: '1',
  count: 2,
  examples: ['https://data.kwekerij-delta.test/kas/net1', '_:'],
};
const report = { conforms: false, checked_at: '2026-11-27T06:00:00.000Z', shapes_version: 'cgo@8c14c8b+hub@1', triples: 10, violations: 2, warnings: 0, infos: 0, findings: [finding] };

describe('reportedQuality (what the hub keeps of a data source\'s quality report)', () => {
  it('keeps a well-formed summary', () => {
    expect(reportedQuality(report)).toEqual({ ...report, checked_at: new Date(report.checked_at) });
  });

  it('keeps no literal of the data: an example must be an IRI', () => {
    expect(reportedQuality({ ...report, findings: [{ ...finding, examples: ['geheime waarde 42'] }] })).toBeNull();
    expect(reportedQuality({ ...report, findings: [{ ...finding, path: 'not an iri' }] })).toBeNull();
  });

  it('refuses contradictions, wrong types and oversized reports', () => {
    expect(reportedQuality({ ...report, conforms: true })).toBeNull();
    expect(reportedQuality({ ...report, violations: -1 })).toBeNull();
    expect(reportedQuality({ ...report, violations: '2' })).toBeNull();
    expect(reportedQuality({ ...report, checked_at: 'gisteren' })).toBeNull();
    expect(reportedQuality({ ...report, findings: Array.from({ length: 51 }, () => finding) })).toBeNull();
    expect(reportedQuality({ ...report, findings: [{ ...finding, examples: ['urn:a', 'urn:b', 'urn:c', 'urn:d'] }] })).toBeNull();
    expect(reportedQuality({ ...report, findings: [{ ...finding, severity: 'Fatal' }] })).toBeNull();
    expect(reportedQuality({ ...report, findings: [{ ...finding, shape: `urn:${'x'.repeat(600)}` }] })).toBeNull();
    expect(reportedQuality('conforms')).toBeNull();
    expect(reportedQuality(undefined)).toBeNull();
  });
});
