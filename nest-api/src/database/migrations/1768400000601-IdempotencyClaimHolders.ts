import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An Idempotency-Key claim names the database session that keeps its process's claims alive
 * (issue 34): when that process dies, PostgreSQL ends the session and a retry may take the claim
 * over instead of being refused with 409 for 24 h. A claim without a holder counts as alive.
 */
export class IdempotencyClaimHolders1768400000601 implements MigrationInterface {
  name = 'IdempotencyClaimHolders1768400000601';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE idempotency_keys ADD COLUMN holder_pid integer, ADD COLUMN holder_started timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE idempotency_keys DROP COLUMN holder_started, DROP COLUMN holder_pid`);
  }
}
