import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../src/database/data-source';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';

export const TEMPLATE_DATABASE = 'datahub_template';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** One real PostgreSQL for the run; a migrated template that every test file copies. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'datahub-api-test-'));
  const postgres = await startEmbeddedPostgres(dir);
  await postgres.createDatabase(TEMPLATE_DATABASE);
  await runMigrations(postgres.url(TEMPLATE_DATABASE));
  project.provide('postgresAdminUrl', postgres.url('postgres'));
  return async () => {
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
