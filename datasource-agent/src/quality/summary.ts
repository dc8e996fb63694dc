/** Counts per shape and a few focus-node IRIs as examples, never the data; sent as `quality` in the dataset metadata answer. */
export type QualitySeverity = 'Violation' | 'Warning' | 'Info';

export interface QualityFinding {
  shape: string;
  /** The property path (an IRI) of the failing property shape; null for a node-level constraint. */
  path: string | null;
  constraint: string;
  severity: QualitySeverity;
  /** What the shape asks for: the sh:class, sh:datatype, sh:nodeKind or sh:in list, where it gives one. */
  expected: string | null;
  count: number;
  /** Up to MAX_EXAMPLES focus nodes (IRIs; a blank node is '_:'), so the owner can find them. */
  examples: string[];
}

export interface QualitySummary {
  conforms: boolean;
  checked_at: string;
  /** Which shapes were applied (the kept CGO commit and the hub's own shape). */
  shapes_version: string;
  triples: number;
  violations: number;
  warnings: number;
  infos: number;
  /** Grouped by shape, path and constraint; the largest first, at most MAX_FINDINGS. */
  findings: QualityFinding[];
}

export const MAX_FINDINGS = 50;
export const MAX_EXAMPLES = 3;
