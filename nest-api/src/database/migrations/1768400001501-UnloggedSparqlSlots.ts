import { MigrationInterface, QueryRunner } from 'typeorm';

/** Slots are leases, not records (ADR 0042): UNLOGGED spares a WAL flush per take and release; a crash empties it, as if every lease ran out. */
export class UnloggedSparqlSlots1768400001501 implements MigrationInterface {
  name = 'UnloggedSparqlSlots1768400001501';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sparql_slots SET UNLOGGED`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sparql_slots SET LOGGED`);
  }
}
