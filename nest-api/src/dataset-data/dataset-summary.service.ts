import { Injectable } from '@nestjs/common';
import { CATEGORY_PREDICATE } from '@datahub/domain';
import { KeptCache } from '../cache/kept-cache';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { DatasetDataService } from './dataset-data.service';
import type { DatasetSummaryView } from './dataset-summary.views';
import { HubDatasetStore } from './hub-dataset-store.service';

/** Most categories, classes and properties a summary lists. */
const MOST = 50;

const QUERIES = {
  triples: "SELECT ('triples' AS ?key) (COUNT(*) AS ?n) WHERE { ?s ?p ?o }",
  categories: `SELECT ?key (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s <${CATEGORY_PREDICATE}> ?key } GROUP BY ?key ORDER BY DESC(?n) ?key LIMIT ${MOST}`,
  classes: `SELECT ?key (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?key } GROUP BY ?key ORDER BY DESC(?n) ?key LIMIT ${MOST}`,
  properties: `SELECT ?key (COUNT(*) AS ?n) WHERE { ?s ?key ?o } GROUP BY ?key ORDER BY DESC(?n) ?key LIMIT ${MOST}`,
} as const;

type Binding = Record<string, { value?: string } | undefined>;

function counts(answer: unknown): [string, number][] {
  const bindings = (answer as { results?: { bindings?: Binding[] } } | null)?.results?.bindings ?? [];
  return bindings.map((row) => [row.key?.value ?? '', Number(row.n?.value ?? 0)] as [string, number]).filter(([key]) => key !== '');
}

/** Kept per dataset version and scope set, so every asker with the same scopes shares one computation. */
@Injectable()
export class DatasetSummaryService {
  private readonly kept = new KeptCache<Promise<DatasetSummaryView>>({ max: 500 });

  constructor(
    private readonly data: DatasetDataService,
    private readonly store: HubDatasetStore,
  ) {}

  async summary(actor: AuthenticatedUser, id: string): Promise<DatasetSummaryView> {
    const { dataset, scopes } = await this.data.permitted(actor, id);
    const key = `${dataset.id}\n${this.store.cache.version(dataset.id)}\n${[...scopes].sort().join(',')}`;
    let summary = this.kept.get(key);
    if (!summary) {
      summary = this.compute(actor, dataset.id, scopes);
      this.kept.set(key, summary);
      // A failure is not kept: the next asker tries again.
      summary.catch(() => this.kept.delete(key));
    }
    return summary;
  }

  private async compute(actor: AuthenticatedUser, datasetId: string, scopes: Parameters<DatasetDataService['select']>[2]): Promise<DatasetSummaryView> {
    const ask = (query: string) => this.data.select(actor, datasetId, scopes, query).then(counts);
    // One after the other: a summary never holds more than one of the engine's workers.
    const [[, triples] = ['', 0]] = await ask(QUERIES.triples);
    const categories = await ask(QUERIES.categories);
    const classes = await ask(QUERIES.classes);
    const properties = await ask(QUERIES.properties);
    return {
      triples,
      categories: categories.map(([category, subjects]) => ({ category, subjects })),
      classes: classes.map(([iri, instances]) => ({ iri, instances })),
      properties: properties.map(([iri, uses]) => ({ iri, uses })),
      // Held after the queries above loaded the copy; a dataset queried at its source declares none here.
      prefixes: this.store.cache.prefixes(datasetId).map(([prefix, namespace]) => ({ prefix, namespace })),
    };
  }
}
