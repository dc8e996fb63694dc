import type { ShouldRevalidateFunction } from '@remix-run/react';

/**
 * A SPARQL query posted with JavaScript changes nothing the page shows but its answer (the action's
 * data): the shell's and the dataset page's loaders are not asked again after it.
 */
export const skipAfterSparqlQuery: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.has('sparql_query') ? false : defaultShouldRevalidate;
