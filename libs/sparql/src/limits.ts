/** Defaults for query evaluation (architecture.md, "Security model"). */
export const SPARQL_LIMITS = {
  /** Longest accepted query text, in UTF-8 bytes. */
  maxQueryBytes: 64 * 1024,
  /** Deepest nesting of braces, parentheses and brackets (parsers recurse per level). */
  maxNestingDepth: 64,
  /** Hard deadline for one evaluation; the worker is terminated when it passes. */
  deadlineMs: 10_000,
  /** Most SELECT rows returned; more are cut off and the result is marked truncated. */
  maxRows: 10_000,
  /** Most triples a CONSTRUCT/DESCRIBE returns; more are cut off and marked truncated. */
  maxTriples: 1_000_000,
  /** Queries waiting for a free worker before new ones are refused as busy. */
  maxQueueLength: 64,
  /** Accepted query texts whose verdicts the guard keeps (least recently used out first). */
  guardCacheEntries: 256,
} as const;
