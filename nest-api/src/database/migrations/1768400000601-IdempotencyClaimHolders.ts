import { MigrationInterface, QueryRunner } from 'typeorm';

// A claim names the session keeping its process's claims alive: when the process dies a retry may take it over. A claim with
// `handler_committed` is never taken over.
export class IdempotencyClaimHolders1768400000601 implements MigrationInterface {
  name = 'IdempotencyClaimHolders1768400000601';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE idempotency_keys ADD COLUMN holder_pid integer, ADD COLUMN holder_started timestamptz, ADD COLUMN handler_committed boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE idempotency_keys DROP COLUMN handler_committed, DROP COLUMN holder_started, DROP COLUMN holder_pid`);
  }
}
