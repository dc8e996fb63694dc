/**
 * Names of the named graphs a dataset occupies in the store (ADR 0019):
 *   urn:datahub:dataset:{dataset_id}:{Category}          subjects with exactly that category
 *   urn:datahub:dataset:{dataset_id}:{CatA}+{CatB}       subjects with several categories (sorted)
 *   urn:datahub:dataset:{dataset_id}:_uncategorised      subjects without one (Dataset.ReadAll only)
 *   urn:datahub:agent-state:{dataset_id}                 the agent's record of what it loaded
 * Each triple lives in exactly one graph: stores such as Virtuoso merge several default graphs
 * as a bag, so a triple in two permitted graphs would be answered twice.
 */
import type { CategorySelection } from '@datahub/sparql';

const UNCATEGORISED = '_uncategorised';

/** A category as a URN part: percent-encoded, and a leading `_` escaped so that `_uncategorised` stays reserved. */
function encodeCategory(category: string): string {
  return encodeURIComponent(category).replace(/^_/, '%5F');
}

function datasetPrefix(datasetId: string): string {
  return `urn:datahub:dataset:${encodeURIComponent(datasetId)}:`;
}

/** The graph of the subjects with exactly `categories` (none: the uncategorised graph). */
export function categoryGraph(datasetId: string, categories: readonly string[]): string {
  if (categories.length === 0) return datasetPrefix(datasetId) + UNCATEGORISED;
  return datasetPrefix(datasetId) + [...categories].sort().map(encodeCategory).join('+');
}

/** The categories a graph of the dataset holds ([] for the uncategorised graph), or undefined for another dataset's. */
export function graphCategories(datasetId: string, graph: string): string[] | undefined {
  const prefix = datasetPrefix(datasetId);
  if (!graph.startsWith(prefix)) return undefined;
  const rest = graph.slice(prefix.length);
  if (rest === UNCATEGORISED) return [];
  return rest.split('+').map((part) => decodeURIComponent(part));
}

/** Every category literal the dataset's graphs hold (each graph is one category set), unordered. */
export function graphsCategories(datasetId: string, graphs: Iterable<string>): string[] {
  const categories = new Set<string>();
  for (const graph of graphs) for (const category of graphCategories(datasetId, graph) ?? []) categories.add(category);
  return [...categories];
}

/** The graphs of a dataset that a selection may see: all of them for ReadAll, else those holding a granted category. */
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

/** Blank nodes are stored as IRIs under this prefix (a batch is one document: labels would not join across batches). */
export const SKOLEM_PREFIX = 'urn:datahub:bnode:';
