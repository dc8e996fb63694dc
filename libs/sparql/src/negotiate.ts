import type * as Oxigraph from 'oxigraph';
import { GRAPH_MEDIA_TYPES } from './engine-types';
import type { GraphFormat, ResultsFormat } from './worker-protocol';

let loaded: typeof Oxigraph | undefined;

/** Loaded on first use: its WebAssembly costs ≈ 16 MB RSS, and the main thread needs it only for a data source's Turtle-only answer. */
function oxigraph(): typeof Oxigraph {
  return (loaded ??= require('oxigraph') as typeof Oxigraph);
}

/** Default first; the protocol endpoint negotiates over the same table. */
export const ACCEPTED_RESULT_TYPES: Readonly<Record<string, ResultsFormat>> = {
  'application/sparql-results+json': 'json',
  'application/json': 'json',
  'application/sparql-results+xml': 'xml',
  'application/xml': 'xml',
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
};

export const ACCEPTED_GRAPH_TYPES: Readonly<Record<string, GraphFormat>> = {
  'text/turtle': 'turtle',
  'application/n-triples': 'ntriples',
  'application/ld+json': 'jsonld',
  'application/rdf+xml': 'rdfxml',
};

function mediaRanges(accept: string | undefined): string[] {
  if (!accept) return [];
  return accept
    .split(',')
    .map((part, index) => {
      const [type, ...parameters] = part.trim().toLowerCase().split(';');
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((range) => range.type);
}

export function negotiateFormats(accept: string | undefined): { results: ResultsFormat; graph: GraphFormat } {
  const ranges = mediaRanges(accept);
  const results = ranges.map((type) => ACCEPTED_RESULT_TYPES[type]).find(Boolean) ?? 'json';
  const graph = ranges.map((type) => ACCEPTED_GRAPH_TYPES[type]).find(Boolean) ?? 'turtle';
  return { results, graph };
}

export function convertGraph(turtle: string, format: GraphFormat): string {
  if (format === 'turtle') return turtle;
  const { Store, defaultGraph } = oxigraph();
  const store = new Store();
  store.load(turtle, { format: 'text/turtle' });
  return store.dump({ format: GRAPH_MEDIA_TYPES[format], from_graph_name: defaultGraph() });
}
