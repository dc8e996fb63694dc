/** The API address of an organisation (and what lies under it), for a 301 from a former slug. */
export function organizationLocation(slug: string, under = ''): string {
  return `/api/organizations/${encodeURIComponent(slug)}${under}`;
}
