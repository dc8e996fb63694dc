import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, rows, type Queryable } from '../database/queryable';

export type RunOutcome = 'running' | 'ok' | 'failed';

export interface LastRun {
  name: string;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: RunOutcome;
  attempt: number;
}

@Injectable()
export class JobRunsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async started(name: string, slotStart: Date | null, attempt: number, db: Queryable = this.dataSource): Promise<string> {
    const row = await firstRow<{ id: string | number }>(
      db,
      `INSERT INTO timed_job_runs (name, slot_start, attempt, process) VALUES ($1, $2, $3, $4) RETURNING id`,
      [name, slotStart, attempt, String(process.pid)],
    );
    return String(row!.id);
  }

  async finished(id: string, outcome: Exclude<RunOutcome, 'running'>, error: string | null, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE timed_job_runs SET finished_at = now(), outcome = $2, error = $3 WHERE id = $1', [id, outcome, error?.slice(0, 500) ?? null]);
  }

  async latest(names: string[], db: Queryable = this.dataSource): Promise<Map<string, LastRun>> {
    const latest = await rows<{ name: string; started_at: Date; finished_at: Date | null; outcome: RunOutcome; attempt: number }>(
      db,
      `SELECT DISTINCT ON (name) name, started_at, finished_at, outcome, attempt FROM timed_job_runs WHERE name = ANY($1::text[]) ORDER BY name, started_at DESC, id DESC`,
      [names],
    );
    return new Map(latest.map((row) => [row.name, { name: row.name, startedAt: row.started_at, finishedAt: row.finished_at, outcome: row.outcome, attempt: row.attempt }]));
  }

  async prune(db: Queryable = this.dataSource): Promise<void> {
    await db.query(`DELETE FROM timed_job_runs WHERE started_at < now() - interval '30 days'`);
  }
}
