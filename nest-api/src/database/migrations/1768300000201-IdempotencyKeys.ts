import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys (issue 34 item 6): a creating POST sent with `Idempotency-Key` is recorded per
 * user with its request's fingerprint and, once done, its answer, so a retry through any API
 * process replays the answer instead of creating a second row. Kept 24 h, pruned by a timed job.
 */
export class IdempotencyKeys1768300000201 implements MigrationInterface {
  name = 'IdempotencyKeys1768300000201';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE idempotency_keys (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        key text NOT NULL,
        fingerprint text NOT NULL,
        status_code integer,
        headers jsonb,
        body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, key)
      )`);
    await queryRunner.query(`CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE idempotency_keys`);
  }
}
