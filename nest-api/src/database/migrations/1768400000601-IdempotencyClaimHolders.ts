import { MigrationInterface, QueryRunner } from 'typeorm';

// A claim names the session keeping its process's claims alive, so a retry may take over a dead process's claim (never a committed one).
export class IdempotencyClaimHolders1768400000601 implements MigrationInterface {
  name = 'IdempotencyClaimHolders1768400000601';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE idempotency_keys ADD COLUMN holder_pid integer, ADD COLUMN holder_started timestamptz, ADD COLUMN handler_committed boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE idempotency_keys DROP COLUMN handler_committed, DROP COLUMN holder_started, DROP COLUMN holder_pid`);
  }
}
