import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SPARQL running slots are leases, not records (ADR 0042): UNLOGGED spares each take and
 * release a WAL flush. After a PostgreSQL crash the table is empty, as if every lease had run out.
 */
export class UnloggedSparqlSlots1768400001501 implements MigrationInterface {
  name = 'UnloggedSparqlSlots1768400001501';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sparql_slots SET UNLOGGED`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sparql_slots SET LOGGED`);
  }
}
