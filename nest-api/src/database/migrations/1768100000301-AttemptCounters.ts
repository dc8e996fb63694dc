import { MigrationInterface, QueryRunner } from 'typeorm';

export class AttemptCounters1768100000301 implements MigrationInterface {
  name = 'AttemptCounters1768100000301';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE attempt_counters (
        key text PRIMARY KEY,
        count integer NOT NULL,
        window_ends timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX attempt_counters_window_ends_idx ON attempt_counters (window_ends)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE attempt_counters`);
  }
}
