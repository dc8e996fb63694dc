import { MigrationInterface, QueryRunner } from 'typeorm';

/** Per user, with the request's fingerprint and its answer, so a retry on any process replays it. Kept 24 h. */
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
