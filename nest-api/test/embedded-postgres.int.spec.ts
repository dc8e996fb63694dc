import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function query(url: string, sql: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded Postgres', () => {
  it('keeps its data across restarts and recovers from a stale postmaster.pid', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'datahub-embedded-'));
    dirs.push(dir);
    const first = await startEmbeddedPostgres(dir);
    await first.createDatabase('datahub');
    await query(first.url('datahub'), "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('bewaard')");
    // SCRAM, not trust: a wrong password is refused.
    await expect(query(first.url('datahub').replace(/:[^:@]+@/, ':fout@'), 'SELECT 1')).rejects.toThrow(/password authentication failed/);
    const [{ password_encryption }] = await query(first.url('datahub'), 'SHOW password_encryption');
    expect(password_encryption).toBe('scram-sha-256');
    await first.stop();

    // What a killed run leaves behind: a pid file naming a process that no longer exists.
    await writeFile(join(dir, 'postgres', 'postmaster.pid'), '999999\n/nowhere\n');
    const second = await startEmbeddedPostgres(dir);
    try {
      await second.createDatabase('datahub');
      expect(await query(second.url('datahub'), 'SELECT v FROM kept')).toEqual([{ v: 'bewaard' }]);
    } finally {
      await second.stop();
    }
  });
});
