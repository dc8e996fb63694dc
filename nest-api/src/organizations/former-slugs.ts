import type { EntityManager } from 'typeorm';

type Query = EntityManager['query'];

/**
 * The organisation that had `slug` as its address before (issue 37), with its slug now; null when
 * the slug was never replaced. Callers look up current slugs first: those always win.
 */
export async function organizationByFormerSlug(query: Query, slug: string): Promise<{ id: string; slug: string } | null> {
  const [row]: { id: string; slug: string }[] = await query(
    `SELECT o.id, o.slug FROM organization_former_slugs f JOIN organizations o ON o.id = f.organization_id WHERE f.slug = $1`,
    [slug],
  );
  return row ?? null;
}

/** The API address of an organisation (and what lies under it), for a 301 from a former slug. */
export function organizationLocation(slug: string, under = ''): string {
  return `/api/organizations/${encodeURIComponent(slug)}${under}`;
}
