import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The shared design folder: SHARED_DIR, else `shared/` beside the repository (as in CI). */
export const SHARED_DIR = process.env.SHARED_DIR ?? path.resolve(__dirname, '../../../../shared');

export const FIXTURE_TTL_PATH = path.join(SHARED_DIR, 'fixtures', 'hortivation-templates', 'data.ttl');

export function readFixtureTurtle(): string {
  return readFileSync(FIXTURE_TTL_PATH, 'utf8');
}

export const TEST_SECRET = 'dGVzdC1zZWNyZXQtZm9yLWRhdGFzb3VyY2UtYWdlbnQtdGVzdHM';
export const TEST_DATASOURCE_ID = '5f0c6a43-1d2e-4c53-a7d8-9a1b2c3d4e5f';
