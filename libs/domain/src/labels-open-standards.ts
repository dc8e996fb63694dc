export const OPEN_STANDARDS_LABELS = {
  openCatalogue: 'Open data-catalogus',
  openCatalogueNote: 'Alle online datasets als DCAT-AP-NL (Turtle, JSON-LD of RDF/XML), voor data.overheid.nl en andere catalogi; zonder inloggen, alleen de beschrijvingen.',
  openCatalogueHref: '/api/catalog',
} as const;

/** Its `<link rel="alternate" type="text/turtle">`. */
export function datasetCatalogueHref(slug: string): string {
  return `/api/catalog/datasets/${encodeURIComponent(slug)}`;
}
