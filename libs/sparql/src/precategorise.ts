/**
 * Splits an N-Triples document by subject category without parsing it into objects: each line
 * gets the named graph of its subject's category set (the graph names the worker uses), so the
 * worker loads N-Quads straight into place — one copy of the data, no categorising update.
 */
import { CATEGORY_PREDICATE } from '@datahub/domain';

export const CATEGORY_GRAPH_PREFIX = 'urn:datahub:categories:';

const CATEGORY_TRIPLE = new RegExp(`^(\\S+) <${CATEGORY_PREDICATE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}> "((?:[^"\\\\]|\\\\.)*)"`);

function unescapeLiteral(value: string): string {
  return value.replace(/\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)/g, (_, code: string) => {
    if (code[0] === 'u' || code[0] === 'U') return String.fromCodePoint(parseInt(code.slice(1), 16));
    return ({ t: '\t', b: '\b', n: '\n', r: '\r', f: '\f' } as Record<string, string>)[code] ?? code;
  });
}

/** The graph name of a set of category literals ('' = none), as the worker decodes it. */
export function categoryGraphName(categories: Iterable<string>): string {
  return CATEGORY_GRAPH_PREFIX + [...new Set(categories)].sort().map((category) => encodeURIComponent(category)).join(',');
}

/** N-Triples (one triple per line, as oxigraph and n3 write them) → N-Quads in per-category-set graphs. */
export function ntriplesToCategorisedNQuads(ntriples: string): string {
  const lines = ntriples.split('\n');
  const categories = new Map<string, Set<string>>();
  for (const line of lines) {
    const match = CATEGORY_TRIPLE.exec(line);
    if (!match) continue;
    let set = categories.get(match[1]);
    if (!set) categories.set(match[1], (set = new Set()));
    set.add(unescapeLiteral(match[2]));
  }
  const graphs = new Map<string, string>();
  for (const [subject, set] of categories) graphs.set(subject, ` <${categoryGraphName(set)}> .`);
  const none = ` <${categoryGraphName([])}> .`;
  const out: string[] = [];
  for (const line of lines) {
    const trimmed = line.trimEnd();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (!trimmed.endsWith('.')) throw new Error('not one triple per line');
    const subject = trimmed.slice(0, trimmed.indexOf(' '));
    out.push(trimmed.slice(0, -1).trimEnd() + (graphs.get(subject) ?? none));
  }
  return out.join('\n') + '\n';
}
