import type { ShouldRevalidateFunction } from '@remix-run/react';

/** A SPARQL query changes nothing the page shows but its answer, so the shell's and page's loaders are not asked again. */
export const skipAfterSparqlQuery: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.has('sparql_query') ? false : defaultShouldRevalidate;
