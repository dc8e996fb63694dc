import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An Idempotency-Key claim names the database session that keeps its process's claims alive
 * (issue 34): when that process dies, PostgreSQL ends the session and a retry may take the claim
 * over instead of being refused with 409 for 24 h. A claim without a holder counts as alive.
 * `handler_committed` is set inside the handler's own transaction: such a claim is never taken over.
 */
export class IdempotencyClaimHolders1768400000601 implements MigrationInterface {
  name = 'IdempotencyClaimHolders1768400000601';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE idempotency_keys ADD COLUMN holder_pid integer, ADD COLUMN holder_started timestamptz, ADD COLUMN handler_committed boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE idempotency_keys DROP COLUMN handler_committed, DROP COLUMN holder_started, DROP COLUMN holder_pid`);
  }
}
