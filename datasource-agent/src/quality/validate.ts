/** SHACL Core via shacl-engine, summed per shape, path and constraint; CPU-bound, so it runs in a worker thread (quality-worker.ts). */
import { DataFactory, Store, type Quad, type Term } from 'n3';
import { Validator } from 'shacl-engine';
import { MAX_EXAMPLES, MAX_FINDINGS, type QualityFinding, type QualitySeverity, type QualitySummary } from './summary';
import { qualityShapes, SHAPES_VERSION } from './shapes';

const SH = 'http://www.w3.org/ns/shacl#';
const RDF_FIRST = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#first';
const RDF_REST = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#rest';
const factory = { ...DataFactory, dataset: (quads?: Quad[]) => new Store(quads) };

interface EngineResult {
  severity?: Term;
  constraintComponent?: Term;
  focusNode?: { term?: Term };
  path?: { predicates?: Term[] }[] | null;
  shape?: { ptr?: { term?: Term } };
}

let shapesStore: Store | undefined;
let validator: InstanceType<typeof Validator> | undefined;

function engine(): { validator: InstanceType<typeof Validator>; shapes: Store } {
  if (!validator || !shapesStore) {
    // shacl-engine follows rdfs:subClassOf for sh:targetClass in the shapes graph but for sh:class in the data graph: the hierarchy goes into both.
    shapesStore = new Store([...qualityShapes().shapes, ...qualityShapes().hierarchy]);
    validator = new Validator(shapesStore, { factory });
  }
  return { validator, shapes: shapesStore };
}

function listValues(shapes: Store, head: Term): string[] {
  const values: string[] = [];
  for (let node: Term | undefined = head; node && node.value !== `http://www.w3.org/1999/02/22-rdf-syntax-ns#nil` && values.length < 20; ) {
    const first = shapes.getObjects(node, RDF_FIRST, null)[0];
    if (first) values.push(first.value);
    node = shapes.getObjects(node, RDF_REST, null)[0];
  }
  return values;
}

export function expected(shapes: Store, shape: Term, constraint: string): string | null {
  const one = (predicate: string) => shapes.getObjects(shape, `${SH}${predicate}`, null)[0];
  switch (constraint) {
    case 'ClassConstraintComponent': return one('class')?.value ?? null;
    case 'DatatypeConstraintComponent': return one('datatype')?.value ?? null;
    case 'NodeKindConstraintComponent': return one('nodeKind')?.value ?? null;
    case 'MinCountConstraintComponent': return one('minCount')?.value ?? null;
    case 'MaxCountConstraintComponent': return one('maxCount')?.value ?? null;
    case 'PatternConstraintComponent': return one('pattern')?.value ?? null;
    case 'InConstraintComponent': {
      const head = one('in');
      return head ? listValues(shapes, head).join(', ') : null;
    }
    default: return null;
  }
}

export async function validateQuads(data: Store, triples = data.size, now = new Date()): Promise<QualitySummary> {
  const { validator, shapes } = engine();
  data.addQuads(qualityShapes().hierarchy);
  const report = (await validator.validate({ dataset: data })) as { results: EngineResult[] };
  const groups = new Map<string, QualityFinding>();
  const counts = { Violation: 0, Warning: 0, Info: 0 };
  for (const result of report.results) {
    const severity = (result.severity?.value.replace(SH, '') ?? 'Violation') as QualitySeverity;
    counts[severity in counts ? severity : 'Violation'] += 1;
    const shapeTerm = result.shape?.ptr?.term;
    // A property shape (often a blank node): the finding names the node shape that holds it.
    const owner = (shapeTerm && shapes.getSubjects(`${SH}property`, shapeTerm, null)[0]) ?? shapeTerm;
    const steps = result.path ?? [];
    const path = steps.length === 1 ? (steps[0].predicates?.[0]?.value ?? null) : null;
    const constraint = result.constraintComponent?.value.replace(SH, '') ?? 'unknown';
    const key = `${owner?.value}\n${path}\n${constraint}\n${severity}`;
    let group = groups.get(key);
    if (!group) {
      group = { shape: owner?.value ?? '', path, constraint, severity, expected: shapeTerm ? expected(shapes, shapeTerm, constraint) : null, count: 0, examples: [] };
      groups.set(key, group);
    }
    group.count += 1;
    const focus = result.focusNode?.term;
    const example = focus?.termType === 'NamedNode' ? focus.value : '_:';
    if (group.examples.length < MAX_EXAMPLES && !group.examples.includes(example)) group.examples.push(example);
  }
  const findings = [...groups.values()].sort((a, b) => b.count - a.count || a.shape.localeCompare(b.shape)).slice(0, MAX_FINDINGS);
  return {
    // As SHACL has it: conforms only without any result, whatever its severity.
    conforms: report.results.length === 0,
    checked_at: now.toISOString(),
    shapes_version: SHAPES_VERSION,
    triples,
    violations: counts.Violation,
    warnings: counts.Warning,
    infos: counts.Info,
    findings,
  };
}
