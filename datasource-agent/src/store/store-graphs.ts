// Graph names per dataset (ADR 0019): urn:datahub:dataset:{id}:{Category}, :{CatA}+{CatB} (sorted), :_uncategorised, and
// urn:datahub:agent-state:{id}. Each triple lives in one graph: Virtuoso merges default graphs as a bag, so duplicates would show.
import type { CategorySelection } from '@datahub/sparql';

const UNCATEGORISED = '_uncategorised';

/** A leading `_` is escaped so that `_uncategorised` stays reserved. */
function encodeCategory(category: string): string {
  return encodeURIComponent(category).replace(/^_/, '%5F');
}

function datasetPrefix(datasetId: string): string {
  return `urn:datahub:dataset:${encodeURIComponent(datasetId)}:`;
}

export function categoryGraph(datasetId: string, categories: readonly string[]): string {
  if (categories.length === 0) return datasetPrefix(datasetId) + UNCATEGORISED;
  return datasetPrefix(datasetId) + [...categories].sort().map(encodeCategory).join('+');
}

/** [] for the uncategorised graph; undefined for another dataset's. */
export function graphCategories(datasetId: string, graph: string): string[] | undefined {
  const prefix = datasetPrefix(datasetId);
  if (!graph.startsWith(prefix)) return undefined;
  const rest = graph.slice(prefix.length);
  if (rest === UNCATEGORISED) return [];
  return rest.split('+').map((part) => decodeURIComponent(part));
}

export function graphsCategories(datasetId: string, graphs: Iterable<string>): string[] {
  const categories = new Set<string>();
  for (const graph of graphs) for (const category of graphCategories(datasetId, graph) ?? []) categories.add(category);
  return [...categories];
}

export function permittedGraphs(datasetId: string, graphs: Iterable<string>, selection: CategorySelection): string[] {
  const result: string[] = [];
  for (const graph of graphs) {
    const categories = graphCategories(datasetId, graph);
    if (!categories) continue;
    if (selection.all || categories.some((category) => selection.categories.includes(category))) result.push(graph);
  }
  return result.sort();
}

export function stateGraph(datasetId: string): string {
  return `urn:datahub:agent-state:${encodeURIComponent(datasetId)}`;
}

/** A batch is one document: labels would not join across batches. */
export const SKOLEM_PREFIX = 'urn:datahub:bnode:';
