/** Defaults for query evaluation (architecture.md, "Security model"). */
export const SPARQL_LIMITS = {
  maxQueryBytes: 64 * 1024,
  maxNestingDepth: 64,
  deadlineMs: 10_000,
  maxRows: 10_000,
  maxTriples: 1_000_000,
  maxQueueLength: 64,
  guardCacheEntries: 256,
} as const;
