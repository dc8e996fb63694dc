/** Store mode: each constraint of validate.ts's shapes as a SPARQL query over the dataset's graphs, nothing read whole; a test holds it equal to shacl-engine. */
import { Store, type Quad, type Term } from 'n3';
import { expected } from './validate';
import { qualityShapes, SHAPES_VERSION } from './shapes';
import { MAX_EXAMPLES, MAX_FINDINGS, type QualityFinding, type QualitySummary } from './summary';

const SH = 'http://www.w3.org/ns/shacl#';
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';

export type SelectRows = (query: string, piece?: string) => Promise<Record<string, string>[]>;

/** Wraps the patterns over the focus node's own triples: in a piece, `GRAPH <piece> { … }`. */
type Own = (patterns: string) => string;

export interface SparqlConstraint {
  shape: string;
  path: string | null;
  constraint: string;
  expected: string | null;
  where: (own: Own) => string;
  /** Asked in two steps: a VALUES of ~200 classes inside FILTER NOT EXISTS took Virtuoso past 60 s at 1M triples. */
  classes?: { values: (own: Own) => string; allowed: string[] };
  /** The focus nodes' classes (with subclasses) and predicates: a piece holding none of them is not asked. */
  targets: { classes: string[]; predicates: string[] };
}

export interface SparqlCheckOptions {
  /** Each constraint is asked per graph (store mode: one per category set), so each query covers a part; a value's class is looked up in all. */
  pieces?: readonly string[];
  /** After each query, wait this many times its duration (at most 5 s), leaving the store to others. */
  yieldRatio?: number;
}

const iri = (value: string) => `<${value}>`;
function term(node: Term): string {
  if (node.termType === 'NamedNode') return iri(node.value);
  if (node.termType === 'Literal') {
    const lexical = JSON.stringify(node.value);
    if (node.language) return `${lexical}@${node.language}`;
    return `${lexical}^^<${node.datatype.value}>`;
  }
  throw new Error(`cannot write ${node.termType} in a query`);
}

/** A literal is compared by its parts: Virtuoso keeps "x" and "x"^^xsd:string apart for sameTerm, though RDF 1.1 makes them one. */
function matches(node: Term): string {
  if (node.termType !== 'Literal') return `sameTerm(?v, ${term(node)})`;
  const parts = [`isLiteral(?v)`, `STR(?v) = ${JSON.stringify(node.value)}`, `LANG(?v) = ${JSON.stringify(node.language ?? '')}`];
  if (!node.language) parts.push(`DATATYPE(?v) = <${node.datatype.value}>`);
  return `(${parts.join(' && ')})`;
}

function listItems(shapes: Store, head: Term): Term[] {
  const items: Term[] = [];
  for (let node: Term | undefined = head; node && node.value !== `${RDF}nil`; node = shapes.getObjects(node, `${RDF}rest`, null)[0]) {
    const first = shapes.getObjects(node, `${RDF}first`, null)[0];
    if (first) items.push(first);
  }
  return items;
}

function withSubclasses(hierarchy: Quad[], root: string): string[] {
  const found = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const quad of hierarchy) {
      if (found.has(quad.object.value) && !found.has(quad.subject.value)) {
        found.add(quad.subject.value);
        grew = true;
      }
    }
  }
  return [...found];
}

export function sparqlConstraints(): SparqlConstraint[] {
  const { shapes: quads, hierarchy } = qualityShapes();
  const shapes = new Store(quads);
  const constraints: SparqlConstraint[] = [];
  const nodeShapes = new Set([...shapes.getSubjects(`${SH}targetClass`, null, null), ...shapes.getSubjects(`${SH}targetSubjectsOf`, null, null)].map((node) => node.value));
  for (const shapeIri of nodeShapes) {
    const shape = shapes.getSubjects(null, null, null).find((node) => node.value === shapeIri)!;
    const targets = [
      ...shapes.getObjects(shape, `${SH}targetClass`, null).map((cls) => `{ VALUES ?type { ${withSubclasses(hierarchy, cls.value).map(iri).join(' ')} } ?this a ?type }`),
      ...shapes.getObjects(shape, `${SH}targetSubjectsOf`, null).map((predicate) => `{ ?this ${iri(predicate.value)} [] }`),
    ];
    const target = `{ SELECT DISTINCT ?this WHERE { ${targets.join(' UNION ')} } }`;
    const focus = {
      classes: shapes.getObjects(shape, `${SH}targetClass`, null).flatMap((cls) => withSubclasses(hierarchy, cls.value)),
      predicates: shapes.getObjects(shape, `${SH}targetSubjectsOf`, null).map((predicate) => predicate.value),
    };
    // In a piece, the focus node's type and its own values are in the piece's graph (one graph per subject).
    const own = (wrap: Own, patterns: string) => wrap(`${target} ${patterns}`);
    // A node's values, kept when the node is a focus node: the store walks the property's triples and tests each
    // node's type, instead of first finding every focus node (at 20M triples over 60 s in Virtuoso for one graph).
    const valued = (wrap: Own, p: string) => wrap(`?this ${p} ?v . FILTER EXISTS { ${targets.join(' UNION ')} }`);
    // sh:or of property shapes that only count values (CGO's ObservationShape: one result or one simple result).
    for (const or of shapes.getObjects(shape, `${SH}or`, null)) {
      const members = listItems(shapes, or).map((member) => ({
        path: shapes.getObjects(member, `${SH}path`, null)[0],
        min: Number(shapes.getObjects(member, `${SH}minCount`, null)[0]?.value ?? 0),
        max: Number(shapes.getObjects(member, `${SH}maxCount`, null)[0]?.value ?? Number.MAX_SAFE_INTEGER),
      }));
      if (members.some((member) => member.path?.termType !== 'NamedNode')) continue;
      const counted = (wrap: Own) => members.map((member, i) => `{ SELECT ?this (COUNT(?v) AS ?c${i}) WHERE { ${own(wrap, `OPTIONAL { ?this ${iri(member.path!.value)} ?v }`)} } GROUP BY ?this }`);
      const fits = members.map((member, i) => `(?c${i} >= ${member.min} && ?c${i} <= ${member.max})`).join(' || ');
      constraints.push({ shape: shape.value, path: null, constraint: 'OrConstraintComponent', expected: null, where: (wrap) => `${counted(wrap).join(' ')} FILTER (!(${fits}))`, targets: focus });
    }
    for (const property of shapes.getObjects(shape, `${SH}property`, null)) {
      const path = shapes.getObjects(property, `${SH}path`, null)[0];
      if (path?.termType !== 'NamedNode') continue;
      const p = iri(path.value);
      const one = (name: string) => shapes.getObjects(property, `${SH}${name}`, null)[0];
      const add = (constraint: string, where: (wrap: Own) => string, classes?: SparqlConstraint['classes']) =>
        constraints.push({ shape: shape.value, path: path.value, constraint, expected: expected(shapes, property, constraint), where, targets: focus, ...(classes ? { classes } : {}) });
      const values = (filter: string) => (wrap: Own) => `${valued(wrap, p)} FILTER (${filter})`;
      const min = Number(one('minCount')?.value ?? 0);
      // minCount 1 (nearly all): a NOT EXISTS is half the cost of counting every node's values (Virtuoso, 1M triples).
      if (min === 1) add('MinCountConstraintComponent', (wrap) => own(wrap, `FILTER NOT EXISTS { ?this ${p} ?v }`));
      else if (min > 1) add('MinCountConstraintComponent', (wrap) => `{ SELECT ?this WHERE { ${own(wrap, `OPTIONAL { ?this ${p} ?v }`)} } GROUP BY ?this HAVING (COUNT(?v) < ${min}) }`);
      const max = one('maxCount');
      if (max) add('MaxCountConstraintComponent', (wrap) => `{ SELECT ?this WHERE { ${valued(wrap, p)} } GROUP BY ?this HAVING (COUNT(?v) > ${Number(max.value)}) }`);
      const cls = one('class');
      // The NOT EXISTS is added once the classes the values have are known (checkWithSparql): only those allowed ones are listed.
      if (cls) add('ClassConstraintComponent', (wrap) => valued(wrap, p), { values: (wrap) => `${valued(wrap, p)} ?v a ?c`, allowed: withSubclasses(hierarchy, cls.value) });
      const kind = one('nodeKind')?.value.replace(SH, '');
      const kinds: Record<string, string> = { IRI: '!isIRI(?v)', Literal: '!isLiteral(?v)', BlankNode: '!isBlank(?v)', BlankNodeOrIRI: 'isLiteral(?v)', IRIOrLiteral: 'isBlank(?v)', BlankNodeOrLiteral: 'isIRI(?v)' };
      if (kind && kinds[kind]) add('NodeKindConstraintComponent', values(kinds[kind]));
      const datatype = one('datatype');
      if (datatype) add('DatatypeConstraintComponent', values(`!isLiteral(?v) || datatype(?v) != ${iri(datatype.value)}`));
      const allowed = one('in');
      if (allowed) add('InConstraintComponent', values(`!(${listItems(shapes, allowed).map(matches).join(' || ')})`));
      const pattern = one('pattern');
      if (pattern) add('PatternConstraintComponent', values(`isBlank(?v) || !REGEX(STR(?v), ${JSON.stringify(pattern.value)})`));
      const low = one('minInclusive');
      if (low) add('MinInclusiveConstraintComponent', values(`!(?v >= ${term(low)})`));
      const high = one('maxInclusive');
      if (high) add('MaxInclusiveConstraintComponent', values(`!(?v <= ${term(high)})`));
    }
  }
  return constraints;
}

export async function checkWithSparql(select: SelectRows, triples: number, now = new Date(), options: SparqlCheckOptions = {}): Promise<QualitySummary> {
  const pieces: (string | undefined)[] = options.pieces?.length ? [...options.pieces] : [undefined];
  const ask = async (query: string, piece: string | undefined) => {
    const started = Date.now();
    const rows = await select(query, piece);
    const ratio = options.yieldRatio ?? 0;
    if (ratio > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, (Date.now() - started) * ratio)));
    return rows;
  };
  const constraints = sparqlConstraints();
  const wrapper = (piece: string | undefined): Own => (patterns) => (piece ? `GRAPH ${iri(piece)} { ${patterns} }` : patterns);
  // Most pieces hold a few of the shapes' target classes: the others' queries are not asked (about 2,400 at 1M triples otherwise).
  const predicates = [...new Set(constraints.flatMap((constraint) => constraint.targets.predicates))];
  const present = new Map<string | undefined, Set<string>>();
  for (const piece of pieces) {
    const types = await ask(`SELECT DISTINCT ?t WHERE { ${wrapper(piece)('?s a ?t')} }`, piece);
    const used = predicates.length ? await ask(`SELECT ?t WHERE { VALUES ?t { ${predicates.map(iri).join(' ')} } FILTER EXISTS { ${wrapper(piece)('?s ?t ?o')} } }`, piece) : [];
    present.set(piece, new Set([...types, ...used].map((row) => row.t)));
  }
  const findings: QualityFinding[] = [];
  let violations = 0;
  for (const constraint of constraints) {
    let count = 0;
    const examples = new Set<string>();
    for (const piece of pieces) {
      const here = present.get(piece)!;
      if (![...constraint.targets.classes, ...constraint.targets.predicates].some((target) => here.has(target))) continue;
      const own = wrapper(piece);
      let where = constraint.where(own);
      if (constraint.classes) {
        // Step one: the classes this piece's values have (a handful); step two: the values with none of the allowed ones among them.
        const present = new Set((await ask(`SELECT DISTINCT ?c WHERE { ${constraint.classes.values(own)} }`, piece)).map((row) => row.c));
        const allowed = constraint.classes.allowed.filter((cls) => present.has(cls));
        if (allowed.length > 0) where += ` FILTER NOT EXISTS { VALUES ?c { ${allowed.map(iri).join(' ')} } ?v a ?c }`;
      }
      const [row] = await ask(`SELECT (COUNT(*) AS ?n) WHERE { ${where} }`, piece);
      const found = Number(row?.n ?? 0);
      if (!found) continue;
      count += found;
      if (examples.size >= MAX_EXAMPLES) continue;
      // No DISTINCT: Virtuoso then stops at the limit instead of finding every result first (64 s against 5 s at 1M triples).
      for (const example of await ask(`SELECT ?this WHERE { ${where} } LIMIT ${MAX_EXAMPLES * 4}`, piece)) {
        if (examples.size < MAX_EXAMPLES) examples.add(example.this?.startsWith('_:') ? '_:' : (example.this ?? '_:'));
      }
    }
    if (!count) continue;
    violations += count;
    findings.push({ shape: constraint.shape, path: constraint.path, constraint: constraint.constraint, severity: 'Violation', expected: constraint.expected, count, examples: [...examples] });
  }
  findings.sort((a, b) => b.count - a.count || a.shape.localeCompare(b.shape));
  return { conforms: violations === 0, checked_at: now.toISOString(), shapes_version: SHAPES_VERSION, triples, violations, warnings: 0, infos: 0, findings: findings.slice(0, MAX_FINDINGS) };
}
