/** Issue 36: the open DCAT-AP-NL catalogue, as the portal links to it. */
export const OPEN_STANDARDS_LABELS = {
  openCatalogue: 'Open data-catalogus',
  /** Beside the link on /datasets: what it is, for people who are not harvesters. */
  openCatalogueNote: 'Alle online datasets als DCAT-AP-NL (Turtle, JSON-LD of RDF/XML), voor data.overheid.nl en andere catalogi; zonder inloggen, alleen de beschrijvingen.',
  /** Where the link points: nest-api's catalogue through the portal's /api proxy. */
  openCatalogueHref: '/api/catalog',
} as const;

/** The address of a dataset's own catalogue entry (its `<link rel="alternate" type="text/turtle">`). */
export function datasetCatalogueHref(slug: string): string {
  return `/api/catalog/datasets/${encodeURIComponent(slug)}`;
}
