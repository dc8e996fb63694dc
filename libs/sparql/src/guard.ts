import { LRUCache } from 'lru-cache';
import { Generator, Parser, type SparqlQuery } from 'sparqljs';
import { SparqlError } from './errors';
import { SPARQL_LIMITS } from './limits';
import { nestingDepth } from './nesting';
import { syntaxPosition } from './syntax-position';

export type QueryForm = 'SELECT' | 'ASK' | 'CONSTRUCT' | 'DESCRIBE';

export interface GuardOptions {
  /** Longest accepted query text in UTF-8 bytes (default 64 KB). */
  maxQueryBytes?: number;
  /** Deepest accepted nesting of braces, parentheses and brackets (default 64). */
  maxNestingDepth?: number;
  /**
   * FROM / FROM NAMED accepted (the hub-wide endpoint, issue 38: its graphs are datasets the caller
   * was checked for); a dataset's own endpoint refuses them.
   */
  datasetClauses?: boolean;
  /**
   * SERVICE with an IRI accepted (the hub-wide endpoint checks each IRI is one of the hub's dataset
   * endpoints and rewrites it away with replaceServices before the engine sees the query).
   */
  services?: boolean;
}

export interface GuardedQuery {
  /** The query text as given. */
  text: string;
  form: QueryForm;
  /** The LIMIT of the outermost query, if any. */
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

/** Finds a SERVICE pattern anywhere in the parsed query (sub-queries, OPTIONAL, UNION, EXISTS...). */
function containsService(node: unknown, seen = new Set<unknown>()): boolean {
  if (node === null || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  if ((node as { type?: unknown }).type === 'service') return true;
  const values = Array.isArray(node) ? node : Object.values(node as Record<string, unknown>);
  return values.some((value) => containsService(value, seen));
}

/**
 * Parses `text` with sparqljs and refuses anything that is not a plain read-only query
 * over the dataset it is sent to: updates (incl. LOAD), SERVICE, FROM / FROM NAMED,
 * and query texts over the size cap. Throws SparqlError with a machine-readable reason.
 */
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

/**
 * Accepted query texts and their verdicts: parsing costs about as much as a small query itself, and
 * the same texts come again (the portal's example query, a client polling). A verdict depends on the
 * text alone; refused texts are not kept.
 */
const accepted = new LRUCache<string, GuardedQuery>({ max: SPARQL_LIMITS.guardCacheEntries });
/** The same for texts with FROM / FROM NAMED accepted: a verdict of one kind never answers the other. */
const acceptedWithDatasets = new LRUCache<string, GuardedQuery>({ max: SPARQL_LIMITS.guardCacheEntries });
const acceptedWithServices = new LRUCache<string, GuardedQuery>({ max: SPARQL_LIMITS.guardCacheEntries });
/** The LIMIT-capped texts of accepted queries, per cap. */
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

/**
 * The text of a guarded SELECT query with its outermost LIMIT lowered to at most `maxLimit`,
 * so that the engine stops producing rows early. Other forms and queries already within
 * the cap come back unchanged.
 */
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

/** The graphs a query names: its FROM and FROM NAMED IRIs, the IRIs after GRAPH, and whether a GRAPH takes a variable. */
export interface NamedGraphs {
  from: string[];
  fromNamed: string[];
  graphIris: string[];
  graphVariable: boolean;
}

/** Reads the graphs a (guarded) query names, for choosing the datasets the hub-wide endpoint loads. */
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

/** The IRIs of the SERVICE patterns of a parsed query, and whether one takes a variable. */
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

/** The endpoints a query's SERVICE patterns name (a SERVICE with a variable is refused by the guard). */
export function serviceEndpoints(text: string): string[] {
  return serviceIris(parse(text)).iris;
}

/**
 * The query with every SERVICE <iri> { P } replaced by GRAPH <graph(iri)> { P } (the endpoint's data
 * held as that named graph), or, where `graph` answers null for a SERVICE SILENT, by an empty group:
 * a silent service that fails gives one empty solution (SPARQL 1.1 Federated Query §4.1). A query with
 * dataset clauses gets the graphs added to FROM NAMED, so that its GRAPH patterns still see them.
 */
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
  // A dataset's own endpoint (issue 38): its data is the default graph, the SERVICE graphs the named ones.
  if (parsed.type === 'query' && options.defaultGraph !== undefined) parsed.from = { default: [{ termType: 'NamedNode', value: options.defaultGraph } as never], named: [] };
  if (parsed.type === 'query' && parsed.from && (parsed.from.default.length > 0 || parsed.from.named.length > 0)) {
    const named = new Set(parsed.from.named.map((term) => term.value));
    for (const name of graphs) if (!named.has(name)) parsed.from.named.push({ termType: 'NamedNode', value: name } as never);
  }
  return { text: new Generator({ sparqlStar: true }).stringify(parsed), graphs: [...graphs] };
}
