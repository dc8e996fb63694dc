import { DataFactory, Writer, type Quad, type Quad_Object, type Quad_Subject } from 'n3';
import { DATASET_SCOPES, categoryLabel } from '@datahub/domain';
import { hubProfile, hubProfileIri, ODRL } from './odrl';
import type { CatalogDatasetRow } from './catalog.repository';

const { namedNode, literal, blankNode, quad } = DataFactory;

export const PREFIXES = {
  adms: 'http://www.w3.org/ns/adms#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  hydra: 'http://www.w3.org/ns/hydra/core#',
  odrl: ODRL,
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
} as const;

const EU = 'http://publications.europa.eu/resource/authority/';
export const CGO = 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#';
const CGO_DOCUMENT = 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology';

const iri = (prefix: keyof typeof PREFIXES, local: string) => namedNode(PREFIXES[prefix] + local);
const nl = (text: string) => literal(text, 'nl');
const a = iri('rdf', 'type');

/** The EU controlled vocabularies used, each as a skos:Concept of its scheme (the shapes check the class). */
const CONCEPTS = {
  agri: { iri: `${EU}data-theme/AGRI`, scheme: `${EU}data-theme`, label: 'Landbouw, visserij, bosbouw en voeding' },
  restricted: { iri: `${EU}access-right/RESTRICTED`, scheme: `${EU}access-right`, label: 'Beperkt' },
} as const;
const DUTCH = `${EU}language/NLD`;
const RDF_XML = `${EU}file-type/RDF_XML`;
const SPARQL_QUERY = `${EU}file-type/SPARQLQ`;
const IANA_RDF_XML = 'http://www.iana.org/assignments/media-types/application/rdf+xml';

export type RdfFormat = 'turtle' | 'jsonld' | 'rdfxml';
export const RDF_MEDIA: Record<RdfFormat, string> = {
  turtle: 'text/turtle',
  jsonld: 'application/ld+json',
  rdfxml: 'application/rdf+xml',
};

export class CatalogIris {
  constructor(readonly base: string) {}
  catalog = () => `${this.base}/api/catalog`;
  page = (page: number, size: number) => `${this.base}/api/catalog?page=${page}&size=${size}`;
  dataset = (slug: string) => `${this.base}/dataset/${encodeURIComponent(slug)}`;
  offer = (slug: string) => `${this.dataset(slug)}#aanbod`;
  requestAccess = (slug: string) => `${this.dataset(slug)}/toegang-aanvragen`;
  organization = (slug: string) => `${this.base}/organisatie/${encodeURIComponent(slug)}`;
  datasource = (id: string) => `${this.base}/api/catalog#databron-${id}`;
  sparql = (id: string) => `${this.base}/api/datasets/${id}/sparql`;
  xml = (id: string) => `${this.base}/api/datasets/${id}/xml`;
  hub = () => `${this.base}/#hub`;
  help = () => `${this.base}/hulp`;
}

class Graph {
  readonly quads: Quad[] = [];
  private readonly seen = new Set<string>();
  add(subject: Quad_Subject, predicate: string, object: Quad_Object): void {
    this.quads.push(quad(subject, namedNode(predicate), object));
  }
  /** Whether `key` is new to this graph: shared nodes (organisations, concepts) are described once. */
  first(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}

const P = (prefix: keyof typeof PREFIXES, local: string) => PREFIXES[prefix] + local;

/** Whole seconds, UTC: the canonical xsd:dateTime form, which every serialiser keeps as it is. */
const dateTime = (value: Date | string) => literal(new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z'), iri('xsd', 'dateTime'));

/** An address as a typed node: the shapes check `sh:class rdfs:Resource` without inference. */
function resource(graph: Graph, address: string) {
  const node = namedNode(address);
  if (graph.first(`resource ${address}`)) graph.add(node, a.value, iri('rdfs', 'Resource'));
  return node;
}

const SPARQL_PROTOCOL = 'https://www.w3.org/TR/sparql11-protocol/';

function concept(graph: Graph, which: (typeof CONCEPTS)[keyof typeof CONCEPTS]): void {
  if (!graph.first(which.iri)) return;
  const node = namedNode(which.iri);
  graph.add(node, a.value, iri('skos', 'Concept'));
  graph.add(node, P('skos', 'inScheme'), namedNode(which.scheme));
  graph.add(node, P('skos', 'prefLabel'), nl(which.label));
}

function sharedNodes(graph: Graph): void {
  concept(graph, CONCEPTS.agri);
  if (graph.first(DUTCH)) graph.add(namedNode(DUTCH), a.value, iri('dct', 'LinguisticSystem'));
  if (graph.first(CONCEPTS.restricted.iri)) graph.add(namedNode(CONCEPTS.restricted.iri), a.value, iri('dct', 'RightsStatement'));
  if (graph.first(CGO_DOCUMENT)) {
    graph.add(namedNode(CGO_DOCUMENT), a.value, iri('dct', 'Standard'));
    graph.add(namedNode(CGO_DOCUMENT), P('dct', 'title'), literal('Common Greenhouse Ontology', 'en'));
  }
  for (const format of [RDF_XML, SPARQL_QUERY]) if (graph.first(format)) graph.add(namedNode(format), a.value, iri('dct', 'MediaTypeOrExtent'));
  if (graph.first(IANA_RDF_XML)) graph.add(namedNode(IANA_RDF_XML), a.value, iri('dct', 'MediaType'));
}

function organization(graph: Graph, iris: CatalogIris, row: Pick<CatalogDatasetRow, 'owner_slug' | 'owner_name' | 'owner_kvk'>): Quad_Subject {
  const node = namedNode(iris.organization(row.owner_slug));
  if (!graph.first(node.value)) return node;
  graph.add(node, a.value, iri('foaf', 'Organization'));
  graph.add(node, a.value, iri('foaf', 'Agent'));
  graph.add(node, P('foaf', 'name'), nl(row.owner_name));
  if (row.owner_kvk !== null) {
    // The KvK number as the organisation's identifier (8 digits, leading zeros kept).
    const kvk = String(row.owner_kvk).padStart(8, '0');
    graph.add(node, P('dct', 'identifier'), literal(kvk));
    const identifier = blankNode();
    graph.add(node, P('adms', 'identifier'), identifier);
    graph.add(identifier, a.value, iri('adms', 'Identifier'));
    graph.add(identifier, P('skos', 'notation'), literal(kvk));
    graph.add(identifier, P('adms', 'schemaAgency'), nl('Kamer van Koophandel'));
  }
  return node;
}

function contactPoint(graph: Graph, iris: CatalogIris, row: CatalogDatasetRow): Quad_Subject {
  const node = blankNode();
  graph.add(node, a.value, iri('vcard', 'Organization'));
  graph.add(node, a.value, iri('vcard', 'Kind'));
  const contact = row.contact.trim();
  const email = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(contact) ? contact : null;
  graph.add(node, P('vcard', 'fn'), nl(email || !contact ? row.owner_name : contact));
  if (email) graph.add(node, P('vcard', 'hasEmail'), namedNode(`mailto:${email}`));
  else graph.add(node, P('vcard', 'hasURL'), namedNode(iris.organization(row.owner_slug)));
  return node;
}

function categories(row: CatalogDatasetRow): string[] {
  return (row.categories ?? []).filter((category) => DATASET_SCOPES.some((entry) => entry.category === category));
}

/** What may be asked for: read access to the categories present, through the 'toegang aanvragen' route. */
function offer(graph: Graph, iris: CatalogIris, row: CatalogDatasetRow, dataset: Quad_Subject, owner: Quad_Subject): Quad_Subject {
  const node = namedNode(iris.offer(row.slug));
  const profile = hubProfileIri(iris.base);
  graph.add(node, a.value, namedNode(`${ODRL}Offer`));
  // The offer is also the licence: the data may be used only under a machtiging made from it.
  graph.add(node, a.value, iri('dct', 'LicenseDocument'));
  graph.add(node, P('rdfs', 'label'), nl('Gebruik alleen met een machtiging van de eigenaar, aan te vragen via de Datahub Tuinbouw'));
  graph.add(node, `${ODRL}uid`, node);
  graph.add(node, `${ODRL}profile`, namedNode(hubProfile(iris.base)));
  graph.add(node, `${ODRL}assigner`, owner);
  graph.add(node, `${ODRL}target`, dataset);
  graph.add(node, `${profile}requestAccessAt`, namedNode(iris.requestAccess(row.slug)));
  const permission = blankNode();
  graph.add(node, `${ODRL}permission`, permission);
  graph.add(permission, `${ODRL}target`, dataset);
  graph.add(permission, `${ODRL}action`, namedNode(`${ODRL}read`));
  const present = categories(row);
  if (present.length > 0) {
    const constraint = blankNode();
    graph.add(permission, `${ODRL}constraint`, constraint);
    graph.add(constraint, `${ODRL}leftOperand`, namedNode(`${profile}category`));
    graph.add(constraint, `${ODRL}operator`, namedNode(`${ODRL}isAnyOf`));
    for (const category of present) graph.add(constraint, `${ODRL}rightOperand`, literal(category));
  }
  return node;
}

function dataset(graph: Graph, iris: CatalogIris, row: CatalogDatasetRow): Quad_Subject {
  sharedNodes(graph);
  const node = namedNode(iris.dataset(row.slug));
  const owner = organization(graph, iris, row);
  graph.add(node, a.value, iri('dcat', 'Dataset'));
  graph.add(node, P('dct', 'identifier'), literal(node.value));
  graph.add(node, P('dct', 'title'), nl(row.name || row.slug));
  graph.add(node, P('dct', 'description'), nl(row.about.trim() || `Dataset ${row.name || row.slug} van ${row.owner_name}`));
  graph.add(node, P('dct', 'publisher'), owner);
  graph.add(node, P('dct', 'creator'), owner);
  const contact = contactPoint(graph, iris, row);
  graph.add(node, P('dcat', 'contactPoint'), contact);
  graph.add(node, P('dcat', 'theme'), namedNode(CONCEPTS.agri.iri));
  for (const category of categories(row)) graph.add(node, P('dcat', 'keyword'), nl(categoryLabel(category)));
  graph.add(node, P('dct', 'accessRights'), namedNode(CONCEPTS.restricted.iri));
  graph.add(node, P('dct', 'conformsTo'), namedNode(CGO_DOCUMENT));
  graph.add(node, P('dct', 'language'), namedNode(DUTCH));
  graph.add(node, P('dcat', 'landingPage'), namedNode(node.value));
  graph.add(node, P('foaf', 'page'), namedNode(iris.help()));
  if (graph.first(node.value + '#doc')) {
    graph.add(namedNode(node.value), a.value, iri('foaf', 'Document'));
    graph.add(namedNode(iris.help()), a.value, iri('foaf', 'Document'));
  }
  graph.add(node, P('dct', 'issued'), dateTime(row.created_at));
  if (row.updated_at) graph.add(node, P('dct', 'modified'), dateTime(row.updated_at));
  const licence = offer(graph, iris, row, node, owner);
  graph.add(node, `${ODRL}hasPolicy`, licence);

  const sparql = namedNode(iris.sparql(row.id));
  const service = sparql;
  graph.add(service, a.value, iri('dcat', 'DataService'));
  graph.add(service, P('dct', 'identifier'), literal(sparql.value));
  graph.add(service, P('dct', 'title'), nl(`SPARQL-endpoint van ${row.name || row.slug}`));
  graph.add(service, P('dct', 'description'), nl('SPARQL 1.1-endpoint over het deel van de dataset waarvoor uw organisatie een machtiging heeft.'));
  graph.add(service, P('dcat', 'endpointURL'), resource(graph, sparql.value));
  graph.add(service, P('dcat', 'endpointDescription'), resource(graph, sparql.value));
  graph.add(service, P('dcat', 'servesDataset'), node);
  graph.add(service, P('dct', 'publisher'), owner);
  graph.add(service, P('dct', 'creator'), owner);
  graph.add(service, P('dcat', 'contactPoint'), contact);
  graph.add(service, P('dcat', 'theme'), namedNode(CONCEPTS.agri.iri));
  graph.add(service, P('dct', 'accessRights'), namedNode(CONCEPTS.restricted.iri));
  graph.add(service, P('dct', 'license'), licence);
  graph.add(service, P('dct', 'language'), namedNode(DUTCH));
  graph.add(service, P('dcat', 'keyword'), nl('SPARQL'));
  graph.add(service, P('dct', 'conformsTo'), namedNode(SPARQL_PROTOCOL));
  if (graph.first(SPARQL_PROTOCOL)) {
    graph.add(namedNode(SPARQL_PROTOCOL), a.value, iri('dct', 'Standard'));
    graph.add(namedNode(SPARQL_PROTOCOL), P('dct', 'title'), literal('SPARQL 1.1 Protocol', 'en'));
  }

  const distributions: [string, string, string, string | null, boolean][] = [
    [`${node.value}#xml`, `RDF/XML-download van ${row.name || row.slug}`, RDF_XML, IANA_RDF_XML, true],
    [`${node.value}#sparql`, `SPARQL-endpoint van ${row.name || row.slug}`, SPARQL_QUERY, null, false],
  ];
  for (const [id, title, format, media, download] of distributions) {
    const distribution = namedNode(id);
    graph.add(node, P('dcat', 'distribution'), distribution);
    graph.add(distribution, a.value, iri('dcat', 'Distribution'));
    graph.add(distribution, P('dct', 'title'), nl(title));
    graph.add(distribution, P('dct', 'format'), namedNode(format));
    if (media) graph.add(distribution, P('dcat', 'mediaType'), namedNode(media));
    graph.add(distribution, P('dcat', 'accessURL'), resource(graph, download ? iris.xml(row.id) : sparql.value));
    if (download) graph.add(distribution, P('dcat', 'downloadURL'), resource(graph, iris.xml(row.id)));
    graph.add(distribution, P('dcat', 'accessService'), service);
    graph.add(distribution, P('dct', 'license'), licence);
    graph.add(distribution, P('dct', 'accessRights'), namedNode(CONCEPTS.restricted.iri));
    graph.add(distribution, P('dct', 'language'), namedNode(DUTCH));
    graph.add(distribution, P('dct', 'conformsTo'), namedNode(CGO_DOCUMENT));
  }
  datasource(graph, iris, row, owner, node, licence);
  return node;
}

function datasource(graph: Graph, iris: CatalogIris, row: CatalogDatasetRow, owner: Quad_Subject, served: Quad_Subject, licence: Quad_Subject): void {
  const node = namedNode(iris.datasource(row.datasource_id));
  graph.add(node, P('dcat', 'servesDataset'), served);
  if (!graph.first(node.value)) return;
  graph.add(node, a.value, iri('dcat', 'DataService'));
  graph.add(node, P('dct', 'identifier'), literal(node.value));
  graph.add(node, P('dct', 'title'), nl(row.datasource_name));
  graph.add(node, P('dct', 'description'), nl(`Databron van ${row.owner_name}; de hub leest de datasets ervan alleen met een machtiging.`));
  // Its own address stays private: its datasets are reached through the hub's API.
  graph.add(node, P('dcat', 'endpointURL'), resource(graph, `${iris.base}/api/datasets`));
  graph.add(node, P('dcat', 'endpointDescription'), resource(graph, `${iris.base}/api/docs-json`));
  graph.add(node, P('dct', 'publisher'), owner);
  graph.add(node, P('dct', 'creator'), owner);
  graph.add(node, P('dcat', 'contactPoint'), contactPoint(graph, iris, row));
  graph.add(node, P('dcat', 'theme'), namedNode(CONCEPTS.agri.iri));
  graph.add(node, P('dct', 'accessRights'), namedNode(CONCEPTS.restricted.iri));
  graph.add(node, P('dct', 'license'), licence);
  graph.add(node, P('dct', 'language'), namedNode(DUTCH));
  graph.add(node, P('dcat', 'keyword'), nl('Databron'));
}

function hub(graph: Graph, iris: CatalogIris): Quad_Subject {
  const node = namedNode(iris.hub());
  if (!graph.first(node.value)) return node;
  graph.add(node, a.value, iri('foaf', 'Organization'));
  graph.add(node, a.value, iri('foaf', 'Agent'));
  graph.add(node, P('foaf', 'name'), nl('Datahub Tuinbouw'));
  return node;
}

export interface CatalogPage {
  page: number;
  size: number;
  total: number;
}

export function catalogQuads(base: string, rows: CatalogDatasetRow[], paging: CatalogPage): Quad[] {
  const iris = new CatalogIris(base);
  const graph = new Graph();
  const catalog = namedNode(iris.catalog());
  const publisher = hub(graph, iris);
  sharedNodes(graph);
  graph.add(catalog, a.value, iri('dcat', 'Catalog'));
  graph.add(catalog, a.value, iri('hydra', 'Collection'));
  graph.add(catalog, P('dct', 'title'), nl('Datahub Tuinbouw: open data-catalogus'));
  graph.add(catalog, P('dct', 'description'), nl('De datasets die tuinbouwbedrijven via de Datahub Tuinbouw delen. De catalogus is open; de data zelf alleen met een machtiging van de eigenaar.'));
  graph.add(catalog, P('dct', 'publisher'), publisher);
  graph.add(catalog, P('dct', 'creator'), publisher);
  graph.add(catalog, P('dct', 'language'), namedNode(DUTCH));
  graph.add(catalog, P('foaf', 'homepage'), namedNode(`${base}/`));
  if (graph.first(`${base}/`)) graph.add(namedNode(`${base}/`), a.value, iri('foaf', 'Document'));
  graph.add(catalog, P('dcat', 'themeTaxonomy'), namedNode(CONCEPTS.agri.scheme));
  if (graph.first(CONCEPTS.agri.scheme)) {
    graph.add(namedNode(CONCEPTS.agri.scheme), a.value, iri('skos', 'ConceptScheme'));
    graph.add(namedNode(CONCEPTS.agri.scheme), P('dct', 'title'), literal('Data theme', 'en'));
  }
  const contact = blankNode();
  graph.add(catalog, P('dcat', 'contactPoint'), contact);
  graph.add(contact, a.value, iri('vcard', 'Organization'));
  graph.add(contact, a.value, iri('vcard', 'Kind'));
  graph.add(contact, P('vcard', 'fn'), nl('Datahub Tuinbouw'));
  graph.add(contact, P('vcard', 'hasURL'), namedNode(iris.help()));
  graph.add(catalog, P('hydra', 'totalItems'), literal(String(paging.total), iri('xsd', 'nonNegativeInteger')));
  for (const row of rows) {
    const node = dataset(graph, iris, row);
    graph.add(catalog, P('dcat', 'dataset'), node);
    graph.add(catalog, P('hydra', 'member'), node);
  }
  for (const service of new Set(rows.map((row) => row.datasource_id))) graph.add(catalog, P('dcat', 'service'), namedNode(iris.datasource(service)));
  const last = Math.max(1, Math.ceil(paging.total / paging.size));
  const view = namedNode(iris.page(paging.page, paging.size));
  graph.add(catalog, P('hydra', 'view'), view);
  graph.add(view, a.value, iri('hydra', 'PartialCollectionView'));
  graph.add(view, P('hydra', 'first'), namedNode(iris.page(1, paging.size)));
  graph.add(view, P('hydra', 'last'), namedNode(iris.page(last, paging.size)));
  if (paging.page > 1) graph.add(view, P('hydra', 'previous'), namedNode(iris.page(Math.min(paging.page - 1, last), paging.size)));
  if (paging.page < last) graph.add(view, P('hydra', 'next'), namedNode(iris.page(paging.page + 1, paging.size)));
  return graph.quads;
}

export function datasetQuads(base: string, row: CatalogDatasetRow): Quad[] {
  const iris = new CatalogIris(base);
  const graph = new Graph();
  const node = dataset(graph, iris, row);
  graph.add(node, P('dcat', 'inCatalog'), namedNode(iris.catalog()));
  return graph.quads;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/** Subjects in first-seen order with their quads: both writers below describe one node at a time. */
function bySubject(quads: Quad[]): Map<string, Quad[]> {
  const nodes = new Map<string, Quad[]>();
  for (const entry of quads) {
    const key = `${entry.subject.termType === 'BlankNode' ? '_:' : ''}${entry.subject.value}`;
    const list = nodes.get(key);
    if (list) list.push(entry);
    else nodes.set(key, [entry]);
  }
  return nodes;
}

type Qualify = (iri: string) => { prefix: string; local: string } | null;

/** Remembered per IRI: 1,000 datasets are ~84,000 quads over a few hundred distinct predicates and types. */
function qualifier(prefixes: Record<string, string>): Qualify {
  const known = new Map<string, { prefix: string; local: string } | null>();
  return (iri) => {
    let name = known.get(iri);
    if (name === undefined) {
      name = null;
      for (const [prefix, namespace] of Object.entries(prefixes)) {
        const local = iri.startsWith(namespace) ? iri.slice(namespace.length) : '';
        if (/^[A-Za-z_][\w.-]*$/.test(local)) {
          name = { prefix, local };
          break;
        }
      }
      known.set(iri, name);
    }
    return name;
  };
}

/** Written here: Oxigraph's store indexing made 1,000 datasets take seconds (ADR 0051). */
function rdfXml(quads: Quad[], prefixes: Record<string, string>): string {
  const qualified = qualifier(prefixes);
  const used = new Set<string>(['rdf']);
  const body: string[] = [];
  for (const [, list] of bySubject(quads)) {
    const subject = list[0].subject;
    body.push(subject.termType === 'BlankNode' ? `<rdf:Description rdf:nodeID="${xml(subject.value)}">` : `<rdf:Description rdf:about="${xml(subject.value)}">`);
    for (const { predicate, object } of list) {
      const name = qualified(predicate.value);
      if (!name) throw new Error(`no XML name for ${predicate.value}`);
      used.add(name.prefix);
      const element = `${name.prefix}:${name.local}`;
      if (object.termType === 'NamedNode') body.push(`  <${element} rdf:resource="${xml(object.value)}"/>`);
      else if (object.termType === 'BlankNode') body.push(`  <${element} rdf:nodeID="${xml(object.value)}"/>`);
      else if (object.termType === 'Literal') {
        const attribute = object.language
          ? ` xml:lang="${xml(object.language)}"`
          : object.datatype.value === `${PREFIXES.xsd}string`
            ? ''
            : ` rdf:datatype="${xml(object.datatype.value)}"`;
        body.push(`  <${element}${attribute}>${xml(object.value)}</${element}>`);
      }
    }
    body.push('</rdf:Description>');
  }
  const namespaces = [...used].map((prefix) => ` xmlns:${prefix}="${xml(prefixes[prefix])}"`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rdf:RDF${namespaces}>\n${body.join('\n')}\n</rdf:RDF>\n`;
}

type JsonLdValue = string | { '@id': string } | { '@value': string; '@language'?: string; '@type'?: string };

/** Built directly from the quads: the jsonld library's compaction took seconds for 1,000 datasets. */
function jsonLd(quads: Quad[], prefixes: Record<string, string>): string {
  const qualified = qualifier(prefixes);
  const compact = (iri: string) => {
    const name = qualified(iri);
    return name ? `${name.prefix}:${name.local}` : iri;
  };
  const graph: Record<string, unknown>[] = [];
  for (const [, list] of bySubject(quads)) {
    const subject = list[0].subject;
    const node: Record<string, unknown> = { '@id': subject.termType === 'BlankNode' ? `_:${subject.value}` : subject.value };
    const types: string[] = [];
    for (const { predicate, object } of list) {
      if (predicate.value === `${PREFIXES.rdf}type` && object.termType === 'NamedNode') {
        types.push(compact(object.value));
        continue;
      }
      let value: JsonLdValue;
      if (object.termType === 'NamedNode') value = { '@id': object.value };
      else if (object.termType === 'BlankNode') value = { '@id': `_:${object.value}` };
      else if (object.termType === 'Literal' && object.language) value = { '@value': object.value, '@language': object.language };
      else if (object.termType === 'Literal' && object.datatype.value !== `${PREFIXES.xsd}string`) value = { '@value': object.value, '@type': compact(object.datatype.value) };
      else value = object.value;
      const key = compact(predicate.value);
      const values = (node[key] as JsonLdValue[] | undefined) ?? [];
      values.push(value);
      node[key] = values;
    }
    if (types.length > 0) node['@type'] = types;
    graph.push(node);
  }
  return JSON.stringify({ '@context': prefixes, '@graph': graph });
}

export async function serialise(quads: Quad[], format: RdfFormat, base: string): Promise<string> {
  const prefixes: Record<string, string> = { ...PREFIXES, hub: hubProfileIri(base) };
  if (format === 'rdfxml') return rdfXml(quads, prefixes);
  if (format === 'jsonld') return jsonLd(quads, prefixes);
  const writer = new Writer({ prefixes });
  writer.addQuads([...bySubject(quads).values()].flat());
  return new Promise((resolve, reject) => writer.end((error, text) => (error ? reject(error) : resolve(text))));
}
