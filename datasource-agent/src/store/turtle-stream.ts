/** Blank-node labels are stable across passes over the same file; they become skolem IRIs in the store. */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { DataFactory, StreamParser, type Quad, type Term } from 'n3';
import { SKOLEM_PREFIX } from './store-graphs';

export function readTriples(file: string, onBytes?: (bytes: number) => void): AsyncIterable<Quad> {
  let counter = 0;
  const factory = { ...DataFactory, blankNode: (name?: string) => DataFactory.blankNode(name ?? `a${counter++}`) };
  const parser = new StreamParser({ format: 'text/turtle', blankNodePrefix: 'x', factory });
  const input = createReadStream(file, { highWaterMark: 1 << 20 });
  let bytes = 0;
  if (onBytes) input.on('data', (chunk) => onBytes((bytes += chunk.length)));
  pipeline(input, parser, () => undefined);
  return parser as AsyncIterable<Quad>;
}

function skolemTerm(term: Term, datasetKey: string): Term {
  return term.termType === 'BlankNode' ? DataFactory.namedNode(`${SKOLEM_PREFIX}${datasetKey}.${term.value}`) : term;
}

export function skolemise(quad: Quad, datasetKey: string): Quad {
  if (quad.subject.termType !== 'BlankNode' && quad.object.termType !== 'BlankNode') return quad;
  return DataFactory.quad(skolemTerm(quad.subject, datasetKey) as Quad['subject'], quad.predicate, skolemTerm(quad.object, datasetKey) as Quad['object']);
}

export function blankLabel(iri: string): string | undefined {
  if (!iri.startsWith(SKOLEM_PREFIX)) return undefined;
  return iri.slice(SKOLEM_PREFIX.length).replace(/[^A-Za-z0-9]/g, '_');
}
