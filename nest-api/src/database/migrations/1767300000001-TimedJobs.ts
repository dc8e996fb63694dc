import { MigrationInterface, QueryRunner } from 'typeorm';

/** ADR 0023, 0024: pg-boss creates its own schema after these migrations; here each attempt for /beheer-taken and each reminder sent. */
export class TimedJobs1767300000001 implements MigrationInterface {
  name = 'TimedJobs1767300000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE timed_job_runs (
        id bigserial PRIMARY KEY,
        name text NOT NULL,
        slot_start timestamptz,
        attempt int NOT NULL,
        process text NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        outcome text NOT NULL DEFAULT 'running' CHECK (outcome IN ('running', 'ok', 'failed')),
        error text
      )`);
    await queryRunner.query(`CREATE INDEX timed_job_runs_name_idx ON timed_job_runs (name, started_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE expiry_reminders_sent (
        subject_kind text NOT NULL CHECK (subject_kind IN ('authorisation', 'api_token')),
        subject_id uuid NOT NULL,
        expires_on date NOT NULL,
        reminder text NOT NULL CHECK (reminder IN ('14d', '3d', 'ended')),
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subject_kind, subject_id, expires_on, reminder)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE expiry_reminders_sent');
    await queryRunner.query('DROP TABLE timed_job_runs');
  }
}
