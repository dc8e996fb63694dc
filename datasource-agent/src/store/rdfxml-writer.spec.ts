import { describe, expect, it } from 'vitest';
import oxigraph from 'oxigraph';
import { rdfXml, RdfXmlError } from './rdfxml-writer';
import { canonicalGraph } from '../testing/reference';

async function* from(lines: string[]): AsyncGenerator<string> {
  yield* lines;
}

async function written(lines: string[]): Promise<string> {
  let xml = '';
  for await (const piece of rdfXml(from(lines))) xml += piece;
  return xml;
}

/** What an RDF/XML parser (oxigraph's) reads back, as canonical N-Triples lines. */
function readBack(xml: string): string[] {
  const store = new oxigraph.Store();
  store.load(xml, { format: 'application/rdf+xml', base_iri: 'http://base.test/' });
  return canonicalGraph(store.query('CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }', { results_format: 'application/n-triples' }) as string);
}

const LINES = [
  '<http://x.test/kas#1> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://w3id.org/cgo#Kas> .',
  '<http://x.test/kas#1> <https://schema.org/name> "Kas & <één> \\"quoted\\"\\nnext line"@nl .',
  '<http://x.test/kas#1> <http://x.test/p/value> "21.5"^^<http://www.w3.org/2001/XMLSchema#decimal> .',
  '<http://x.test/kas#1> <http://x.test/p/plain> "plain"^^<http://www.w3.org/2001/XMLSchema#string> .',
  '<http://x.test/a?b=1&c=2> <http://x.test/p/x1y> _:node7 .',
  '_:node7 <http://x.test/p/label> "leeg" .',
  '<http://x.test/kas#1> <http://x.test/p/again> <http://x.test/a?b=1&c=2> .',
];

describe('rdfXml', () => {
  it('writes N-Triples as RDF/XML that reads back as the same triples, across parse batches', async () => {
    expect(readBack(await written(LINES))).toEqual(canonicalGraph(LINES.join('\n')));
    // 5,000 subjects (batches of 2,000 lines): blank nodes keep their identity between batches.
    const many = Array.from({ length: 5_000 }, (_, i) => `<http://x.test/s${i}> <http://x.test/p/next> _:n${(i + 1) % 5_000} .\n_:n${i} <http://x.test/p/n> "${i}"^^<http://www.w3.org/2001/XMLSchema#integer> .`).join('\n').split('\n');
    const back = readBack(await written(many));
    expect(back).toHaveLength(10_000);
    expect(back).toEqual(canonicalGraph(many.join('\n')));
    const store = new oxigraph.Store();
    store.load(await written(many), { format: 'application/rdf+xml', base_iri: 'http://base.test/' });
    // Each blank node is still one node: s0's next is the node numbered 1.
    const joined = store.query('SELECT ?n WHERE { <http://x.test/s0> <http://x.test/p/next> ?b . ?b <http://x.test/p/n> ?n }') as Map<string, { value: string }>[];
    expect(joined.map((row) => row.get('n')!.value)).toEqual(['1']);
  });

  it('writes an empty document for no triples, and refuses what RDF/XML cannot express', async () => {
    expect(readBack(await written([]))).toEqual([]);
    await expect(written(['<http://x.test/s> <http://x.test/p/1> "a" .'])).rejects.toThrow(RdfXmlError);
    await expect(written(['<http://x.test/s> <http://x.test/p> "bell \\u0007" .'])).rejects.toThrow(RdfXmlError);
  });
});
