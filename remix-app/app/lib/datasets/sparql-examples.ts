import { CATEGORY_PREDICATE, EXAMPLE_SPARQL_QUERY, WORKBENCH_LABELS as L } from '@datahub/domain';
import type { DatasetSummaryView } from '@datahub/api-client';

export interface ExampleQuery {
  title: string;
  query: string;
}

/** The namespace of an IRI (up to its last '#' or '/') and its local name. */
function split(iri: string): { namespace: string; local: string } {
  const cut = Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/')) + 1;
  return { namespace: iri.slice(0, cut), local: iri.slice(cut) };
}

/** The usual prefixes of well-known namespaces. */
const KNOWN: Record<string, string> = {
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#': 'rdf',
  'http://www.w3.org/2000/01/rdf-schema#': 'rdfs',
  'http://www.w3.org/2001/XMLSchema#': 'xsd',
  'http://www.w3.org/2002/07/owl#': 'owl',
  [split(CATEGORY_PREDICATE).namespace]: 'cgo',
};

/** Short prefixes for the namespaces of the summary's IRIs: the usual ones where known, else ns1, ns2… */
function prefixesFor(iris: string[]): Map<string, string> {
  const prefixes = new Map<string, string>();
  let numbered = 0;
  for (const iri of iris) {
    const { namespace } = split(iri);
    if (!namespace || prefixes.has(namespace)) continue;
    prefixes.set(namespace, KNOWN[namespace] ?? `ns${(numbered += 1)}`);
  }
  return prefixes;
}

/** An IRI as prefix:local when its local name may be written so, else <iri>. */
function term(iri: string, prefixes: Map<string, string>): string {
  const { namespace, local } = split(iri);
  const prefix = prefixes.get(namespace);
  return prefix && /^[A-Za-z_][\w-]*$/.test(local) ? `${prefix}:${local}` : `<${iri}>`;
}

/** The PREFIX lines a query body uses. */
function withPrefixes(body: string, prefixes: Map<string, string>): string {
  const used = [...prefixes].filter(([, prefix]) => body.includes(`${prefix}:`));
  return [...used.map(([namespace, prefix]) => `PREFIX ${prefix}: <${namespace}>`), ...(used.length ? [''] : []), body].join('\n');
}

/**
 * 'Voorbeelden': queries made from what the dataset holds for the asker (its most frequent class,
 * property and category), each with LIMIT so that it answers at once.
 */
export function exampleQueries(summary: DatasetSummaryView): ExampleQuery[] {
  const prefixes = prefixesFor([CATEGORY_PREDICATE, ...summary.classes.map((c) => c.iri), ...summary.properties.map((p) => p.iri)]);
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
    examples.push({ title: L.exampleCategory(category.category), query: withPrefixes(body, prefixes) });
  }
  return examples;
}

/** The prefixes and the dataset's own classes and properties, for the editor's completion. */
export function completionTerms(summary: DatasetSummaryView | null): { prefixes: [string, string][]; terms: string[] } {
  if (!summary) return { prefixes: [], terms: [] };
  const iris = [CATEGORY_PREDICATE, ...summary.classes.map((c) => c.iri), ...summary.properties.map((p) => p.iri)];
  const prefixes = prefixesFor(iris);
  return { prefixes: [...prefixes].map(([namespace, prefix]) => [prefix, namespace]), terms: [...new Set(iris.map((iri) => term(iri, prefixes)))] };
}
