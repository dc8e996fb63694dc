/** The authorisation and dataset-data answers are typed by the generated contract (@datahub/api-client). */
export type { AssigneeOrganizationView, AuthorisationView, DatasetAccessView, RevokedAuthorisationView } from '@datahub/api-client';

/** SPARQL 1.1 JSON results, as far as the page reads them. */
export interface SparqlJsonResults {
  head: { vars?: string[] };
  results?: { bindings: Record<string, { type: string; value: string; datatype?: string; 'xml:lang'?: string }>[] };
  boolean?: boolean;
}

export const READ_ALL = 'Dataset.ReadAll';

/** The spec's name of the JSON download (the table downloads have Dutch names: WORKBENCH_LABELS.downloadName). */
export function sparqlDownloadName(slug: string): string {
  return `${slug}_SPARQL_query_download.json`;
}
