import { readFileSync } from 'node:fs';
import path from 'node:path';

export const FIXTURE_TTL_PATH = path.resolve(__dirname, '../../../fixtures/voorbeeldkas.ttl');

export function readFixtureTurtle(): string {
  return readFileSync(FIXTURE_TTL_PATH, 'utf8');
}

export const TEST_SECRET = 'dGVzdC1zZWNyZXQtZm9yLWRhdGFzb3VyY2UtYWdlbnQtdGVzdHM';
export const TEST_DATASOURCE_ID = '5f0c6a43-1d2e-4c53-a7d8-9a1b2c3d4e5f';
