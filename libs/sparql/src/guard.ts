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
  const known = accepted.get(text);
  if (known) return known;
  const guarded = Object.freeze(checked(text));
  accepted.set(text, guarded);
  return guarded;
}

/**
 * Accepted query texts and their verdicts: parsing costs about as much as a small query itself, and
 * the same texts come again (the portal's example query, a client polling). A verdict depends on the
 * text alone; refused texts are not kept.
 */
const accepted = new LRUCache<string, GuardedQuery>({ max: SPARQL_LIMITS.guardCacheEntries });
/** The LIMIT-capped texts of accepted queries, per cap. */
const limitedTexts = new WeakMap<GuardedQuery, Map<number, string>>();

function checked(text: string): GuardedQuery {
  const parsed = parse(text);
  if (parsed.type === 'update') {
    throw new SparqlError('update_not_allowed', 'updates are not allowed; only SELECT, ASK, CONSTRUCT and DESCRIBE');
  }
  if (!ALLOWED_FORMS.includes(parsed.queryType)) {
    throw new SparqlError('query_form_not_allowed', `query form ${String(parsed.queryType)} is not allowed`);
  }
  if (parsed.from && (parsed.from.default.length > 0 || parsed.from.named.length > 0)) {
    throw new SparqlError('dataset_clause_not_allowed', 'FROM and FROM NAMED are not allowed; the query runs on the dataset it is sent to');
  }
  if (containsService(parsed)) {
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
