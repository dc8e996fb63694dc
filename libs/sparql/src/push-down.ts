// Push-down for the hub-wide endpoint (ADR 0053): a simple `GRAPH <dataset> { P }` block is answered by its source as a CONSTRUCT; anything not proven safe loads whole.
import { Generator, Parser, type Pattern, type SparqlQuery, type Term, type Triple } from 'sparqljs';

/** Most distinct binding rows handed to a later block as VALUES; past it the block is fetched on its own. */
export const PUSH_DOWN_MAX_VALUES = 1000;

export interface BindingRows {
  variables: string[];
  rows: (Term | undefined)[][];
}

export interface PushDownBlock {
  graph: string;
  /** An earlier block whose bindings of `variables` may restrict this one (a bind join). */
  source?: { block: number; variables: string[] };
  reports: string[];
  construct(values?: BindingRows): string;
}

export interface PushDownPlan {
  /** Graphs that must be loaded whole (named in FROM, under GRAPH in a shape not pushed down, or in more than one block). */
  whole: string[];
  blocks: PushDownBlock[];
  /** Predicate prefix of the report markers in a block's answer (`{prefix}{variable}`, subject one blank node per row). */
  markerPrefix: string;
}

type Node = Record<string, unknown>;
const HIDDEN = 'pushdown_';

function parse(text: string): SparqlQuery {
  return new Parser({ sparqlStar: true }).parse(text);
}

function* nodes(node: unknown, seen = new Set<unknown>()): Generator<Node> {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  yield node as Node;
  for (const value of Array.isArray(node) ? node : Object.values(node as Node)) yield* nodes(value, seen);
}

function variablesIn(node: unknown): string[] {
  const names: string[] = [];
  for (const found of nodes(node)) if (found.termType === 'Variable') names.push(found.value as string);
  return names;
}

function isConstant(term: { termType?: string }): boolean {
  return term.termType === 'NamedNode' || term.termType === 'Literal';
}

/** Shapes whose CONSTRUCT gives the same answers: BGPs without paths or quoted triples, groups, OPTIONAL, UNION, FILTER/BIND without EXISTS, VALUES. */
function simpleShape(patterns: Pattern[]): boolean {
  for (const pattern of patterns) {
    const node = pattern as unknown as Node;
    switch (pattern.type) {
      case 'bgp':
        for (const triple of pattern.triples) {
          for (const term of [triple.subject, triple.predicate, triple.object] as Node[]) {
            if (term.type === 'path' || term.termType === 'Quad') return false;
          }
        }
        break;
      case 'group':
      case 'optional':
      case 'union':
        if (!simpleShape(pattern.patterns)) return false;
        break;
      case 'filter':
      case 'bind':
        for (const inner of nodes(node.expression)) {
          if (inner.type === 'operation' && (inner.operator === 'exists' || inner.operator === 'notexists')) return false;
          if (inner.type === 'aggregate' || inner.type === 'query') return false;
        }
        break;
      case 'values':
        break;
      default:
        return false;
    }
  }
  return true;
}

// OPTIONAL is not monotone: an extension not fetched leaves its row unextended, harmless only if the OPTIONAL's variables appear nowhere else in the block.
function optionalsSafe(root: Pattern[]): boolean {
  const total = new Map<string, number>();
  for (const name of variablesIn(root)) total.set(name, (total.get(name) ?? 0) + 1);
  const check = (patterns: Pattern[]): boolean => {
    const bound = new Set<string>();
    for (const pattern of patterns) {
      if (pattern.type === 'bgp') for (const name of variablesIn(pattern.triples)) bound.add(name);
      if (pattern.type === 'optional') {
        const inside = new Map<string, number>();
        for (const name of variablesIn(pattern.patterns)) inside.set(name, (inside.get(name) ?? 0) + 1);
        for (const [name, count] of inside) if (!bound.has(name) && (total.get(name) ?? 0) > count) return false;
      }
      if ((pattern.type === 'group' || pattern.type === 'optional') && !check(pattern.patterns)) return false;
      if (pattern.type === 'union' && !pattern.patterns.every((branch) => check(branch.type === 'group' ? branch.patterns : [branch]))) return false;
    }
    return true;
  };
  return check(root);
}

interface Block {
  graph: string;
  patterns: Pattern[];
  topLevel: boolean;
  score: number;
  certain: Set<string>;
}

function certainVariables(patterns: Pattern[]): Set<string> {
  const names = new Set<string>();
  for (const pattern of patterns) {
    if (pattern.type !== 'bgp') continue;
    for (const triple of pattern.triples) for (const term of [triple.subject, triple.predicate, triple.object]) if ((term as Node).termType === 'Variable') names.add((term as Node).value as string);
  }
  return names;
}

function selectivity(patterns: Pattern[]): number {
  let score = 0;
  for (const pattern of patterns) {
    if (pattern.type === 'bgp') for (const triple of pattern.triples) for (const term of [triple.subject, triple.predicate, triple.object]) if (isConstant(term as Node)) score += 1;
    if (pattern.type === 'values') score += 3;
    if (pattern.type === 'group') score += selectivity(pattern.patterns);
  }
  return score;
}

// With OPTIONAL or UNION each BGP is followed by copies of its variables, so a template triple is built only where its own BGP matched.
function templated(patterns: Pattern[]): { where: Pattern[]; template: Triple[]; branching: boolean } {
  const copy = JSON.parse(JSON.stringify(patterns)) as Pattern[];
  for (const node of nodes(copy)) {
    if (node.termType === 'BlankNode') {
      node.termType = 'Variable';
      node.value = `${HIDDEN}b_${String(node.value).replace(/[^A-Za-z0-9_]/g, '_')}`;
    }
  }
  const branching = [...nodes(copy)].some((node) => node.type === 'optional' || node.type === 'union');
  const template: Triple[] = [];
  let counter = 0;
  const rewrite = (list: Pattern[]): Pattern[] =>
    list.map((pattern) => {
      if (pattern.type === 'bgp') {
        if (!branching) {
          template.push(...pattern.triples);
          return pattern;
        }
        const index = counter++;
        const binds: Pattern[] = [];
        const renamed = (term: Node, position: number, row: number): Node => {
          const name = term.termType === 'Variable' ? `${HIDDEN}${index}_${term.value as string}` : `${HIDDEN}${index}_c${row}_${position}`;
          if (!binds.some((bind) => (bind as unknown as { variable: Node }).variable.value === name)) {
            binds.push({ type: 'bind', variable: { termType: 'Variable', value: name }, expression: term } as unknown as Pattern);
          }
          return { termType: 'Variable', value: name };
        };
        pattern.triples.forEach((triple, row) => {
          const terms = [triple.subject, triple.predicate, triple.object] as Node[];
          // A triple without variables needs a copy of one term, or it would be built in every solution.
          const anyVariable = terms.some((term) => term.termType === 'Variable');
          const [subject, predicate, object] = terms.map((term, position) => (term.termType === 'Variable' || (!anyVariable && position === 0) ? renamed(term, position, row) : term));
          template.push({ subject, predicate, object } as unknown as Triple);
        });
        return { type: 'group', patterns: [pattern, ...binds] } as Pattern;
      }
      if (pattern.type === 'group' || pattern.type === 'optional' || pattern.type === 'union') return { ...pattern, patterns: rewrite(pattern.patterns) } as Pattern;
      return pattern;
    });
  return { where: rewrite(copy), template, branching };
}

function findBlocks(parsed: SparqlQuery): { blocks: Block[]; unsafe: Set<string>; everything: boolean } {
  const blocks: Block[] = [];
  const unsafe = new Set<string>();
  let everything = false;
  const top = parsed.type === 'query' ? (parsed.where ?? []) : [];
  const visit = (node: unknown, insideGraph: boolean, insideExists: boolean): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const value of node) visit(value, insideGraph, insideExists);
      return;
    }
    const typed = node as Node & { type?: string; name?: Node; patterns?: Pattern[] };
    if (typed.type === 'operation' && (typed.operator === 'exists' || typed.operator === 'notexists')) {
      for (const value of Object.values(typed)) visit(value, insideGraph, true);
      return;
    }
    if (typed.type === 'graph' && typed.name) {
      if (typed.name.termType !== 'NamedNode') {
        everything = true;
        return;
      }
      const graph = typed.name.value as string;
      const patterns = typed.patterns ?? [];
      // Inside EXISTS a block is evaluated per outer row (substitution), inside another GRAPH on another graph.
      if (insideGraph || insideExists || !simpleShape(patterns) || !optionalsSafe(patterns)) unsafe.add(graph);
      else blocks.push({ graph, patterns, topLevel: top.includes(typed as unknown as Pattern), score: selectivity(patterns), certain: certainVariables(patterns) });
      for (const value of patterns) visit(value, true, insideExists);
      return;
    }
    for (const value of Object.values(typed)) visit(value, insideGraph, insideExists);
  };
  visit(top, false, false);
  if (parsed.type === 'query' && parsed.values) visit(parsed.values, false, false);
  return { blocks, unsafe, everything };
}

/** Without a usable block (DESCRIBE, `GRAPH ?g`, a hidden variable name in use) every graph loads whole. */
export function planPushDown(text: string, graphs: readonly string[], nonce: string): PushDownPlan {
  const markerPrefix = `urn:datahub:push-down:${nonce}:`;
  const all = { whole: [...graphs], blocks: [], markerPrefix };
  const parsed = parse(text);
  if (parsed.type !== 'query' || parsed.queryType === 'DESCRIBE') return all;
  if (variablesIn(parsed).some((name) => name.startsWith(HIDDEN))) return all;
  const found = findBlocks(parsed);
  if (found.everything) return all;
  const whole = new Set<string>([...found.unsafe, ...(parsed.from?.default ?? []).map((term) => term.value)]);
  // A graph read by two blocks loads whole: two separate answers may label its blank nodes differently.
  const perGraph = new Map<string, number>();
  for (const block of found.blocks) perGraph.set(block.graph, (perGraph.get(block.graph) ?? 0) + 1);
  for (const [graph, count] of perGraph) if (count > 1) whole.add(graph);
  const pushed = found.blocks.filter((block) => !whole.has(block.graph) && graphs.includes(block.graph));
  const order = [...pushed].sort((a, b) => b.score - a.score);
  const sources = order.map((block, index) => {
    if (!block.topLevel) return undefined;
    for (let earlier = 0; earlier < index; earlier += 1) {
      const candidate = order[earlier]!;
      if (!candidate.topLevel) continue;
      const shared = [...block.certain].filter((name) => candidate.certain.has(name) && !name.startsWith(HIDDEN));
      if (shared.length > 0) return { block: earlier, variables: shared.sort() };
    }
    return undefined;
  });
  const reports = order.map((_, index) => [...new Set(sources.flatMap((source) => (source?.block === index ? source.variables : [])))].sort());
  const blocks = order.map((block, index): PushDownBlock => {
    const { where, template, branching } = templated(block.patterns);
    const markers = reports[index]!.map((name) => ({
      subject: { termType: 'BlankNode', value: 'row' },
      predicate: { termType: 'NamedNode', value: `${markerPrefix}${name}` },
      object: { termType: 'Variable', value: name },
    })) as unknown as Triple[];
    const source = sources[index];
    return {
      graph: block.graph,
      ...(source ? { source } : {}),
      reports: reports[index]!,
      construct(values?: BindingRows): string {
        const inline = values && ({ type: 'values', values: values.rows.map((row) => Object.fromEntries(values.variables.map((name, at) => [`?${name}`, row[at]]))) } as unknown as Pattern);
        // VALUES inside the pattern (Virtuoso refuses a query-level one on CONSTRUCT), where oxigraph 0.5 turns
        // it into a lookup per row: before the per-BGP groups, after a plain pattern (elsewhere it scans).
        const query = {
          type: 'query',
          queryType: 'CONSTRUCT',
          prefixes: {},
          template: [...template, ...markers],
          where: inline ? (branching ? [inline, ...where] : [...where, inline]) : where,
        };
        return new Generator({ sparqlStar: true }).stringify(query as unknown as SparqlQuery);
      },
    };
  });
  return { whole: graphs.filter((graph) => whole.has(graph)), blocks, markerPrefix };
}
