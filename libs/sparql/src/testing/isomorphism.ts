import { createHash } from 'node:crypto';
import { Writer, type Quad, type Term } from 'n3';

/** Equal up to blank-node renaming; blurring every label to `_:b` is not enough, it merges distinct blank nodes. */
export function isomorphic(actual: readonly Quad[], expected: readonly Quad[]): boolean {
  const a = distinct(actual);
  const b = distinct(expected);
  if (a.length !== b.length) return false;
  const blanksA = blankLabels(a);
  const blanksB = blankLabels(b);
  if (blanksA.length !== blanksB.length) return false;
  const signaturesA = signatures(a, blanksA);
  const signaturesB = signatures(b, blanksB);
  const target = new Set(b.map((quad) => tripleKey(quad, (label) => label)));
  const candidates = (label: string) => blanksB.filter((other) => signaturesB.get(other) === signaturesA.get(label));
  const order = [...blanksA].sort((x, y) => candidates(x).length - candidates(y).length);
  const mapping = new Map<string, string>();
  const used = new Set<string>();
  const search = (index: number): boolean => {
    if (index === order.length) return a.every((quad) => target.has(tripleKey(quad, (label) => mapping.get(label)!)));
    const label = order[index];
    for (const candidate of candidates(label)) {
      if (used.has(candidate)) continue;
      mapping.set(label, candidate);
      used.add(candidate);
      if (search(index + 1)) return true;
      mapping.delete(label);
      used.delete(candidate);
    }
    return false;
  };
  return search(0);
}

export function nTriples(quads: readonly Quad[]): string {
  const writer = new Writer({ format: 'N-Triples' });
  return distinct(quads)
    .map((quad) => writer.quadToString(quad.subject, quad.predicate, quad.object).trim())
    .sort()
    .join('\n');
}

function termKey(term: Term, blank: (label: string) => string): string {
  if (term.termType === 'BlankNode') return `_:${blank(term.value)}`;
  if (term.termType === 'Literal') return JSON.stringify([term.value, term.language, term.datatype.value]);
  return `<${term.value}>`;
}

function tripleKey(quad: Quad, blank: (label: string) => string): string {
  return [quad.subject, quad.predicate, quad.object, quad.graph].map((term) => termKey(term, blank)).join(' ');
}

function distinct(quads: readonly Quad[]): Quad[] {
  const seen = new Map<string, Quad>();
  for (const quad of quads) seen.set(tripleKey(quad, (label) => label), quad);
  return [...seen.values()];
}

function blankLabels(quads: readonly Quad[]): string[] {
  const labels = new Set<string>();
  for (const quad of quads) for (const term of [quad.subject, quad.object, quad.graph]) if (term.termType === 'BlankNode') labels.add(term.value);
  return [...labels];
}

function signatures(quads: readonly Quad[], labels: readonly string[]): Map<string, string> {
  let current = new Map(labels.map((label) => [label, '']));
  for (let round = 0; round < 4; round += 1) {
    const next = new Map<string, string>();
    for (const label of labels) {
      const lines = quads
        .filter((quad) => [quad.subject, quad.object, quad.graph].some((term) => term.termType === 'BlankNode' && term.value === label))
        .map((quad) => tripleKey(quad, (other) => (other === label ? '@' : current.get(other)!)))
        .sort();
      next.set(label, createHash('sha1').update(lines.join('\n')).digest('hex'));
    }
    current = next;
  }
  return current;
}
