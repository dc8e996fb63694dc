/** Per page kind: latencies and outcomes of bench:mixed, and the table it prints. */

export interface KindStats {
  ms: number[];
  errors: number;
  /** The per-user SPARQL limit's refusals (429), counted apart: the bar allows them. */
  limited: number;
  statuses: Map<number | string, number>;
}

export function newStats(): KindStats {
  return { ms: [], errors: 0, limited: 0, statuses: new Map() };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function table(stats: ReadonlyMap<string, KindStats>, seconds: number, barMs: number): { lines: string[]; met: boolean } {
  const lines = ['| page kind | count | p50 | p95 | p99 | max | errors | 429 |', '|---|---:|---:|---:|---:|---:|---:|---:|'];
  let total = 0;
  let met = true;
  for (const [kind, entry] of stats) {
    const sorted = [...entry.ms].sort((a, b) => a - b);
    total += sorted.length;
    const p99 = percentile(sorted, 99);
    if (p99 > barMs || entry.errors > 0 || sorted.length === 0) met = false;
    const other = [...entry.statuses].filter(([status]) => status !== 200).map(([status, n]) => `${status}×${n}`);
    lines.push(
      `| ${kind} | ${sorted.length} | ${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 95).toFixed(0)} ms | ${p99.toFixed(0)} ms | ${(sorted.at(-1) ?? 0).toFixed(0)} ms | ${entry.errors}${other.length ? ` (${other.join(', ')})` : ''} | ${entry.limited} |`,
    );
  }
  lines.push(`${total} pages in ${seconds} s: ${(total / seconds).toFixed(0)} pages/s`);
  return { lines, met };
}
