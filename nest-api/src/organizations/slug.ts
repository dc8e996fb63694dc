/** 'Kwekerij Delta' → 'kwekerij-delta' (accents folded, anything else dashed). */
function slugify(name: string, fallback = 'organisatie'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || fallback;
}

/** `slugify(name)`, or with -2, -3 … appended until no other row of `table` has it. */
export async function uniqueSlug(
  query: (sql: string, parameters: unknown[]) => Promise<{ slug: string }[]>,
  table: 'organizations' | 'datasets' | 'applications',
  name: string,
  exceptId: string | null = null,
): Promise<string> {
  const base = slugify(name, table === 'applications' ? 'applicatie' : table === 'datasets' ? 'dataset' : 'organisatie');
  // An organisation's former address keeps redirecting to it (issue 37), so no other one may take it.
  const former = table === 'organizations' ? ' UNION SELECT slug FROM organization_former_slugs WHERE slug = $1 OR slug LIKE $2' : '';
  const rows = await query(
    `SELECT slug FROM ${table} WHERE (slug = $1 OR slug LIKE $2) AND ($3::uuid IS NULL OR id <> $3::uuid)${former}`,
    [base, `${base}-%`, exceptId],
  );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
