/** Written as lines come, so a store dataset's XML download is not bounded by memory; each property element declares its own namespace. */
import { Parser, type Quad, type Term } from 'n3';

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';
const LANG_STRING = `${RDF}langString`;
/** n3's parser per line would cost more than the writing. */
const LINES_PER_PARSE = 2_000;

// XML's name characters less joiners and combining marks; an IRI holding them keeps them in its namespace part.
const NAME_START = /[A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]/;
const NAME_CHAR = /[-.0-9\u00B7\u203F\u2040A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]/;
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export class RdfXmlError extends Error {}

function text(value: string): string {
  if (NOT_XML.test(value)) throw new RdfXmlError('a literal holds a character RDF/XML cannot carry');
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

function attribute(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

function splitPredicate(iri: string): [string, string] {
  let at = iri.length;
  while (at > 0 && NAME_CHAR.test(iri[at - 1])) at -= 1;
  while (at < iri.length && !NAME_START.test(iri[at])) at += 1;
  if (at === iri.length || at === 0) throw new RdfXmlError(`the predicate ${iri} cannot be written as RDF/XML`);
  return [iri.slice(0, at), iri.slice(at)];
}

function node(term: Term): string {
  if (term.termType === 'BlankNode') return `rdf:nodeID="b${term.value.replace(/[^A-Za-z0-9_]/g, '_')}"`;
  return `rdf:about="${attribute(term.value)}"`;
}

function property(quad: Quad): string {
  const [namespace, local] = splitPredicate(quad.predicate.value);
  const open = `<p:${local} xmlns:p="${attribute(namespace)}"`;
  const object = quad.object;
  if (object.termType === 'NamedNode') return `    ${open} rdf:resource="${attribute(object.value)}"/>\n`;
  if (object.termType === 'BlankNode') return `    ${open} ${node(object)}/>\n`;
  if (object.termType !== 'Literal') throw new RdfXmlError('only IRIs, blank nodes and literals can be objects');
  const datatype = object.datatype.value;
  const tag = object.language ? `${open} xml:lang="${attribute(object.language)}"` : datatype === XSD_STRING || datatype === LANG_STRING ? open : `${open} rdf:datatype="${attribute(datatype)}"`;
  return `    ${tag}>${text(object.value)}</p:${local}>\n`;
}

export async function* rdfXml(lines: AsyncIterable<string>): AsyncGenerator<string> {
  yield `<?xml version="1.0" encoding="utf-8"?>\n<rdf:RDF xmlns:rdf="${RDF}">\n`;
  let subject: string | undefined;
  let pending: string[] = [];
  function* write(): Generator<string> {
    if (pending.length === 0) return;
    const quads = new Parser({ format: 'N-Triples', blankNodePrefix: '' }).parse(pending.join(''));
    pending = [];
    let out = '';
    for (const quad of quads) {
      const key = `${quad.subject.termType}:${quad.subject.value}`;
      if (key !== subject) {
        if (subject !== undefined) out += '  </rdf:Description>\n';
        out += `  <rdf:Description ${node(quad.subject)}>\n`;
        subject = key;
      }
      out += property(quad);
    }
    yield out;
  }
  for await (const line of lines) {
    pending.push(line.endsWith('\n') ? line : `${line}\n`);
    if (pending.length >= LINES_PER_PARSE) yield* write();
  }
  yield* write();
  if (subject !== undefined) yield '  </rdf:Description>\n';
  yield '</rdf:RDF>\n';
}
