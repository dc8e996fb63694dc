import { CATEGORY_PREDICATE, EXAMPLE_SPARQL_QUERY, WORKBENCH_LABELS as L, categoryLabel } from '@datahub/domain';
import type { DatasetSummaryView } from '@datahub/api-client';

export interface ExampleQuery {
  title: string;
  query: string;
}

function split(iri: string): { namespace: string; local: string } {
  const cut = Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/')) + 1;
  return { namespace: iri.slice(0, cut), local: iri.slice(cut) };
}

const KNOWN: Record<string, string> = {
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#': 'rdf',
  'http://www.w3.org/2000/01/rdf-schema#': 'rdfs',
  'http://www.w3.org/2001/XMLSchema#': 'xsd',
  'http://www.w3.org/2002/07/owl#': 'owl',
  'http://www.w3.org/2004/02/skos/core#': 'skos',
  'http://purl.org/dc/terms/': 'dct',
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://xmlns.com/foaf/0.1/': 'foaf',
  'http://schema.org/': 'schema',
  'https://schema.org/': 'schema',
  'http://www.w3.org/ns/sosa/': 'sosa',
  'http://www.w3.org/ns/ssn/': 'ssn',
  'http://www.w3.org/ns/prov#': 'prov',
  'http://www.w3.org/ns/dcat#': 'dcat',
  'http://www.w3.org/2006/time#': 'time',
  'http://www.opengis.net/ont/geosparql#': 'geo',
  'http://qudt.org/schema/qudt/': 'qudt',
  'http://qudt.org/vocab/unit/': 'unit',
  'http://www.ontology-of-units-of-measure.org/resource/om-2/': 'om',
  [split(CATEGORY_PREDICATE).namespace]: 'cgo',
};

/** The data's own prefixes, else the usual ones, else one from the namespace's last path segment, never 'ns1'. */
function prefixesFor(iris: string[], declared: readonly { prefix: string; namespace: string }[] = []): Map<string, string> {
  const prefixes = new Map<string, string>(declared.map((entry) => [entry.namespace, entry.prefix]));
  const taken = new Set(prefixes.values());
  for (const iri of iris) {
    const { namespace } = split(iri);
    if (!namespace || prefixes.has(namespace)) continue;
    const segment = namespace.replace(/[#/]+$/, '').split(/[/#:]/).reverse().find((part) => /^[A-Za-z][\w-]*$/.test(part)) ?? 'voc';
    let prefix = KNOWN[namespace] ?? segment.toLowerCase().slice(0, 12);
    for (let n = 2; taken.has(prefix); n += 1) prefix = `${(KNOWN[namespace] ?? segment.toLowerCase().slice(0, 12))}${n}`;
    prefixes.set(namespace, prefix);
    taken.add(prefix);
  }
  return prefixes;
}

function term(iri: string, prefixes: Map<string, string>): string {
  const { namespace, local } = split(iri);
  const prefix = prefixes.get(namespace);
  return prefix !== undefined && /^[A-Za-z_][\w-]*$/.test(local) ? `${prefix}:${local}` : `<${iri}>`;
}

function withPrefixes(body: string, prefixes: Map<string, string>): string {
  const used = [...prefixes].filter(([, prefix]) => new RegExp(`(^|[^\\w:<-])${prefix.replace(/[.-]/g, '\\$&')}:`).test(body));
  return [...used.map(([namespace, prefix]) => `PREFIX ${prefix}: <${namespace}>`), ...(used.length ? [''] : []), body].join('\n');
}

/** From the dataset's most frequent class, property and category for the asker, each with LIMIT so it answers at once. */
export function exampleQueries(summary: DatasetSummaryView): ExampleQuery[] {
  const prefixes = prefixesFor([CATEGORY_PREDICATE, ...summary.classes.map((c) => c.iri), ...summary.properties.map((p) => p.iri)], summary.prefixes);
  const examples: ExampleQuery[] = [{ title: L.exampleAll, query: EXAMPLE_SPARQL_QUERY }];
  const [topClass] = summary.classes;
  if (topClass) {
    const name = term(topClass.iri, prefixes);
    examples.push({ title: L.exampleClass(name), query: withPrefixes(`SELECT ?onderwerp WHERE {\n  ?onderwerp a ${name}\n}\nLIMIT 25`, prefixes) });
    examples.push({
      title: L.exampleCounts,
      query: 'SELECT ?klasse (COUNT(?onderwerp) AS ?aantal) WHERE {\n  ?onderwerp a ?klasse\n}\nGROUP BY ?klasse\nORDER BY DESC(?aantal)\nLIMIT 25',
    });
  }
  const property = summary.properties.find((p) => p.iri !== 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type' && p.iri !== CATEGORY_PREDICATE);
  if (property) {
    const name = term(property.iri, prefixes);
    examples.push({ title: L.exampleProperty(name), query: withPrefixes(`SELECT ?onderwerp ?waarde WHERE {\n  ?onderwerp ${name} ?waarde\n}\nLIMIT 25`, prefixes) });
  }
  const [category] = summary.categories;
  if (category) {
    const body = `SELECT ?onderwerp ?type WHERE {\n  ?onderwerp ${term(CATEGORY_PREDICATE, prefixes)} ${JSON.stringify(category.category)} .\n  OPTIONAL { ?onderwerp a ?type }\n}\nLIMIT 25`;
    examples.push({ title: L.exampleCategory(categoryLabel(category.category)), query: withPrefixes(body, prefixes) });
  }
  return examples;
}

export function completionTerms(summary: DatasetSummaryView | null): { prefixes: [string, string][]; terms: string[] } {
  if (!summary) return { prefixes: [], terms: [] };
  const iris = [CATEGORY_PREDICATE, ...summary.classes.map((c) => c.iri), ...summary.properties.map((p) => p.iri)];
  const prefixes = prefixesFor(iris, summary.prefixes);
  return { prefixes: [...prefixes].map(([namespace, prefix]) => [prefix, namespace]), terms: [...new Set(iris.map((iri) => term(iri, prefixes)))] };
}
