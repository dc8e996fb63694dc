import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LICENCES_FILE } from './server';

/** One running and one expired licence; the last rows name another application and an unknown organisation, which the hub drops. */
export const DEMO_LICENCES = [
  { application_slug: 'teeltregistratie-delta', organization_slug: 'kwekerij-delta', start_date: '2026-01-01T00:00:00', end_date: '2027-12-31T00:00:00' },
  { application_slug: 'teeltregistratie-delta', organization_slug: 'kassenbouw-west', start_date: '2024-07-01T00:00:00', end_date: '2025-06-30T00:00:00' },
  { application_slug: 'plaagradar', organization_slug: 'kwekerij-delta', start_date: '2026-01-01T00:00:00', end_date: '2026-12-31T00:00:00' },
  { application_slug: 'teeltregistratie-delta', organization_slug: 'bestaat-niet', start_date: '2026-01-01T00:00:00', end_date: '2026-12-31T00:00:00' },
];

/** Unless the folder has one (the owner may have edited it); true when written. */
export function writeDemoLicences(dir: string): boolean {
  const file = path.join(dir, LICENCES_FILE);
  if (existsSync(file)) return false;
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(DEMO_LICENCES, null, 2) + '\n');
  return true;
}
