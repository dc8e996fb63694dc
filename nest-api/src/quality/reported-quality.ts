/** Checked field by field and bounded; anything malformed is no report (null), so a data source can neither break the page nor store more. */
export const QUALITY_SEVERITIES = ['Violation', 'Warning', 'Info'] as const;
export type QualitySeverity = (typeof QUALITY_SEVERITIES)[number];

export interface ReportedFinding {
  shape: string;
  path: string | null;
  constraint: string;
  severity: QualitySeverity;
  expected: string | null;
  count: number;
  examples: string[];
}

export interface ReportedQuality {
  conforms: boolean;
  violations: number;
  warnings: number;
  infos: number;
  triples: number | null;
  shapes_version: string;
  checked_at: Date;
  findings: ReportedFinding[];
}

const MAX_FINDINGS = 50;
const MAX_EXAMPLES = 3;
const MAX_TEXT = 500;

const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= 2 ** 31 - 1 ? value : undefined);
const short = (value: unknown, max = MAX_TEXT): string | undefined => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);
/** No literal of the data is kept; '_:' is the agent's blank node. */
const iri = (value: unknown): string | undefined => {
  const text = short(value);
  return text === '_:' || (text !== undefined && /^[a-z][a-z0-9+.-]*:[^\s<>"{}|\\^`]*$/i.test(text)) ? text : undefined;
};

function finding(value: unknown): ReportedFinding | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const shape = iri(record.shape);
  const constraint = typeof record.constraint === 'string' && /^[A-Za-z]{1,100}$/.test(record.constraint) ? record.constraint : undefined;
  const severity = QUALITY_SEVERITIES.find((known) => known === record.severity);
  const found = count(record.count);
  const path = record.path === null ? null : iri(record.path);
  const expected = record.expected === null || record.expected === undefined ? null : short(record.expected);
  if (!shape || !constraint || !severity || found === undefined || path === undefined || expected === undefined) return undefined;
  if (!Array.isArray(record.examples) || record.examples.length > MAX_EXAMPLES) return undefined;
  const examples = record.examples.map(iri);
  if (examples.some((example) => example === undefined)) return undefined;
  return { shape, path, constraint, severity, expected, count: found, examples: examples as string[] };
}

export function reportedQuality(value: unknown): ReportedQuality | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const violations = count(record.violations);
  const warnings = count(record.warnings);
  const infos = count(record.infos);
  const version = short(record.shapes_version, 100);
  const checkedAt = typeof record.checked_at === 'string' ? new Date(record.checked_at) : undefined;
  if (typeof record.conforms !== 'boolean' || violations === undefined || warnings === undefined || infos === undefined || !version) return null;
  if (!checkedAt || Number.isNaN(checkedAt.getTime())) return null;
  // A report that says it conforms and counts results contradicts itself.
  if (record.conforms && violations + warnings + infos > 0) return null;
  if (!Array.isArray(record.findings) || record.findings.length > MAX_FINDINGS) return null;
  const findings = record.findings.map(finding);
  if (findings.some((entry) => entry === undefined)) return null;
  const triples = record.triples === undefined || record.triples === null ? null : (count(record.triples) ?? null);
  return { conforms: record.conforms, violations, warnings, infos, triples, shapes_version: version, checked_at: checkedAt, findings: findings as ReportedFinding[] };
}
