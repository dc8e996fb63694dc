/** Computed independently of @datahub/sparql: the permitted triples picked with an n3 Store, the query run on a plain oxigraph store. */
import { DATASET_SCOPES } from '@datahub/domain';
import { DataFactory, Parser, Store, Writer, type Quad } from 'n3';
import * as oxigraph from 'oxigraph';

const HAS_CATEGORY = 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#hasCategory';

function permittedByN3(turtle: string, scopes: string[]): Quad[] {
  const store = new Store(new Parser().parse(turtle));
  const granted: (string | null)[] = scopes.map((scope) => {
    const entry = DATASET_SCOPES.find((candidate) => candidate.scope === scope);
    if (!entry) throw new Error(`unknown scope ${scope}`);
    return entry.category;
  });
  const all = granted.includes(null);
  const kept: Quad[] = [];
  for (const subject of store.getSubjects(null, null, null)) {
    const categories = store
      .getObjects(subject, DataFactory.namedNode(HAS_CATEGORY), null)
      .filter((object) => object.termType === 'Literal')
      .map((object) => object.value);
    if (all || categories.some((category) => granted.includes(category))) kept.push(...store.getQuads(subject, null, null, null));
  }
  return kept;
}

type Binding = Record<string, { type: string; value: string }>;

export function canonicalResults(json: string): unknown {
  const parsed = JSON.parse(json) as { head: { vars?: string[] }; boolean?: boolean; results?: { bindings: Binding[] } };
  if (parsed.boolean !== undefined) return parsed.boolean;
  const rows = parsed.results!.bindings.map((binding) =>
    JSON.stringify(
      Object.keys(binding)
        .sort()
        .map((name) => [name, binding[name].type === 'bnode' ? '_:b' : binding[name]]),
    ),
  );
  return { vars: [...(parsed.head.vars ?? [])].sort(), rows: rows.sort() };
}

export function canonicalGraph(turtle: string): string[] {
  const writer = new Writer({ format: 'N-Triples' });
  return new Parser()
    .parse(turtle)
    .map((quad) => writer.quadToString(quad.subject, quad.predicate, quad.object).trim().replace(/_:\S+/g, '_:b'))
    .sort();
}

export function referenceAnswer(turtle: string, scopes: string[], query: string, graph: boolean): unknown {
  const store = new oxigraph.Store();
  store.load(new Writer({ format: 'N-Triples' }).quadsToString(permittedByN3(turtle, scopes)), { format: 'application/n-triples' });
  if (graph) return canonicalGraph(store.query(query, { results_format: 'application/n-triples' }) as string);
  return canonicalResults(store.query(query, { results_format: 'application/sparql-results+json' }) as string);
}
