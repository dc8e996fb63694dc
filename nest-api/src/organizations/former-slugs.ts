export function organizationLocation(slug: string, under = ''): string {
  return `/api/organizations/${encodeURIComponent(slug)}${under}`;
}
