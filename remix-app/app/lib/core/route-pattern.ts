/** Usage events name pages by pattern, never by URL, so no ids, slugs or queries are stored. */
export function routePattern(routeId: string): string {
  const segments = routeId
    .replace(/^routes\//, '')
    .split('.')
    .filter((segment) => segment && !segment.startsWith('_'))
    .map((segment) => segment.replace(/_$/, ''))
    .map((segment) => (segment === '$' ? '*' : segment.startsWith('$') ? `:${segment.slice(1)}` : segment));
  return `/${segments.join('/')}`;
}

/** The API turns it into the dataset's or application's id. */
export function subjectSlug(pattern: string, params: Record<string, string | undefined>): string | undefined {
  return pattern === '/dataset/:slug' || pattern === '/applicatie/:slug' ? params.slug : undefined;
}
