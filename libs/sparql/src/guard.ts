import { LRUCache } from 'lru-cache';
import { Generator, Parser, type SparqlQuery } from 'sparqljs';
import { SparqlError } from './errors';
import { SPARQL_LIMITS } from './limits';
import { nestingDepth } from './nesting';
import { syntaxPosition } from './syntax-position';

export type QueryForm = 'SELECT' | 'ASK' | 'CONSTRUCT' | 'DESCRIBE';

export interface GuardOptions {
  maxQueryBytes?: number;
  maxNestingDepth?: number;
  datasetClauses?: boolean;
  /** The hub-wide endpoint checks each IRI is a hub dataset endpoint and rewrites it away (replaceServices) before the engine runs it. */
  services?: boolean;
}

export interface GuardedQuery {
  text: string;
  form: QueryForm;
  limit?: number;
}

const ALLOWED_FORMS: readonly QueryForm[] = ['SELECT', 'ASK', 'CONSTRUCT', 'DESCRIBE'];

function parse(text: string): SparqlQuery {
  try {
    // A fresh parser per call: sparqljs keeps prefix and blank-node state between parses.
    return new Parser({ sparqlStar: true }).parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new SparqlError('syntax_error', `invalid SPARQL: ${message}`, syntaxPosition(error, text));
  }
}

function containsService(node: unknown, seen = new Set<unknown>()): boolean {
  if (node === null || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  if ((node as { type?: unknown }).type === 'service') return true;
  const values = Array.isArray(node) ? node : Object.values(node as Record<string, unknown>);
  return values.some((value) => containsService(value, seen));
}

/** Refuses anything but a plain read-only query over the dataset it is sent to: updates (incl. LOAD), SERVICE, FROM, oversize text. */
export function guardQuery(text: string, options: GuardOptions = {}): GuardedQuery {
  const maxBytes = options.maxQueryBytes ?? SPARQL_LIMITS.maxQueryBytes;
  if (typeof text !== 'string' || text.trim() === '') {
    throw new SparqlError('empty_query', 'the query is empty');
  }
  if (Buffer.byteLength(text, 'utf8') > maxBytes) {
    throw new SparqlError('query_too_large', `the query is longer than ${maxBytes} bytes`);
  }
  // Before the cache and the parser: a parser recursing per level may run out of stack.
  const maxDepth = options.maxNestingDepth ?? SPARQL_LIMITS.maxNestingDepth;
  if (nestingDepth(text, maxDepth) > maxDepth) {
    throw new SparqlError('query_too_deep', `the query nests braces, parentheses or brackets more than ${maxDepth} levels deep`);
  }
  const cache = options.services ? acceptedWithServices : options.datasetClauses ? acceptedWithDatasets : accepted;
  const known = cache.get(text);
  if (known) return known;
  const guarded = Object.freeze(checked(text, options.datasetClauses === true || options.services === true, options.services === true));
  cache.set(text, guarded);
  return guarded;
}

/** Parsing costs about as much as a small query, and the same texts recur; a verdict depends on the text alone, refusals are not kept. */
const accepted = new LRUCache<string, GuardedQuery>({ max: SPARQL_LIMITS.guardCacheEntries });
const acceptedWithDatasets = new LRUCache<string, GuardedQuery>({ max: SPARQL_LIMITS.guardCacheEntries });
const acceptedWithServices = new LRUCache<string, GuardedQuery>({ max: SPARQL_LIMITS.guardCacheEntries });
const limitedTexts = new WeakMap<GuardedQuery, Map<number, string>>();

function checked(text: string, datasetClauses: boolean, services: boolean): GuardedQuery {
  const parsed = parse(text);
  if (parsed.type === 'update') {
    throw new SparqlError('update_not_allowed', 'updates are not allowed; only SELECT, ASK, CONSTRUCT and DESCRIBE');
  }
  if (!ALLOWED_FORMS.includes(parsed.queryType)) {
    throw new SparqlError('query_form_not_allowed', `query form ${String(parsed.queryType)} is not allowed`);
  }
  if (!datasetClauses && parsed.from && (parsed.from.default.length > 0 || parsed.from.named.length > 0)) {
    throw new SparqlError('dataset_clause_not_allowed', 'FROM and FROM NAMED are not allowed; the query runs on the dataset it is sent to');
  }
  if (services ? serviceIris(parsed).variable : containsService(parsed)) {
    throw new SparqlError('service_not_allowed', 'SERVICE is not allowed');
  }
  const limit = parsed.queryType === 'SELECT' || parsed.queryType === 'CONSTRUCT' || parsed.queryType === 'DESCRIBE'
    ? (parsed as { limit?: number }).limit
    : undefined;
  return { text, form: parsed.queryType, ...(limit === undefined ? {} : { limit }) };
}

export function withRowLimit(query: GuardedQuery, maxLimit: number): string {
  if (query.form !== 'SELECT' || (query.limit !== undefined && query.limit <= maxLimit)) return query.text;
  let texts = limitedTexts.get(query);
  const known = texts?.get(maxLimit);
  if (known !== undefined) return known;
  const parsed = parse(query.text);
  if (parsed.type !== 'query' || parsed.queryType !== 'SELECT') return query.text;
  parsed.limit = maxLimit;
  const limited = new Generator({ sparqlStar: true }).stringify(parsed);
  if (Object.isFrozen(query)) {
    if (!texts) limitedTexts.set(query, (texts = new Map()));
    if (texts.size < 4) texts.set(maxLimit, limited);
  }
  return limited;
}

export interface NamedGraphs {
  from: string[];
  fromNamed: string[];
  graphIris: string[];
  graphVariable: boolean;
}

export function namedGraphs(text: string): NamedGraphs {
  const parsed = parse(text);
  const from = parsed.type === 'query' && parsed.from ? parsed.from : { default: [], named: [] };
  const graphIris = new Set<string>();
  let graphVariable = false;
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const typed = node as { type?: unknown; name?: { termType?: string; value?: string } };
    if (typed.type === 'graph' && typed.name) {
      if (typed.name.termType === 'NamedNode' && typed.name.value !== undefined) graphIris.add(typed.name.value);
      else graphVariable = true;
    }
    for (const value of Array.isArray(node) ? node : Object.values(node as Record<string, unknown>)) visit(value);
  };
  visit(parsed);
  return { from: from.default.map((term) => term.value), fromNamed: from.named.map((term) => term.value), graphIris: [...graphIris], graphVariable };
}

function serviceIris(parsed: SparqlQuery): { iris: string[]; variable: boolean } {
  const iris = new Set<string>();
  let variable = false;
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const typed = node as { type?: unknown; name?: { termType?: string; value?: string } };
    if (typed.type === 'service' && typed.name) {
      if (typed.name.termType === 'NamedNode' && typed.name.value !== undefined) iris.add(typed.name.value);
      else variable = true;
    }
    for (const value of Array.isArray(node) ? node : Object.values(node as Record<string, unknown>)) visit(value);
  };
  visit(parsed);
  return { iris: [...iris], variable };
}

/** A SERVICE with a variable is refused by the guard. */
export function serviceEndpoints(text: string): string[] {
  return serviceIris(parse(text)).iris;
}

/** SERVICE <iri> { P } becomes GRAPH <graph(iri)> { P }; a failing SERVICE SILENT becomes an empty group (SPARQL 1.1 Federated Query §4.1). */
export function replaceServices(
  text: string,
  graph: (iri: string, silent: boolean) => string | null,
  options: { defaultGraph?: string } = {},
): { text: string; graphs: string[] } {
  const parsed = parse(text);
  const graphs = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const typed = node as Record<string, unknown> & { type?: unknown; name?: { termType?: string; value?: string }; silent?: boolean };
    if (typed.type === 'service' && typed.name?.termType === 'NamedNode') {
      const name = graph(typed.name.value!, typed.silent === true);
      delete typed.silent;
      if (name === null) {
        typed.type = 'group';
        typed.patterns = [];
        delete typed.name;
      } else {
        typed.type = 'graph';
        typed.name = { termType: 'NamedNode', value: name } as never;
        graphs.add(name);
      }
    }
    for (const value of Array.isArray(node) ? node : Object.values(node as Record<string, unknown>)) visit(value);
  };
  visit(parsed);
  // A dataset's own endpoint: its data is the default graph, the SERVICE graphs the named ones.
  if (parsed.type === 'query' && options.defaultGraph !== undefined) parsed.from = { default: [{ termType: 'NamedNode', value: options.defaultGraph } as never], named: [] };
  if (parsed.type === 'query' && parsed.from && (parsed.from.default.length > 0 || parsed.from.named.length > 0)) {
    const named = new Set(parsed.from.named.map((term) => term.value));
    for (const name of graphs) if (!named.has(name)) parsed.from.named.push({ termType: 'NamedNode', value: name } as never);
  }
  return { text: new Generator({ sparqlStar: true }).stringify(parsed), graphs: [...graphs] };
}
