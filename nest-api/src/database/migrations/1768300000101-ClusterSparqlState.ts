import { MigrationInterface, QueryRunner } from 'typeorm';

/** ADR 0042: running slots per user and organisation (leases a crashed process's rows outlive), and each dataset's data version. */
export class ClusterSparqlState1768300000101 implements MigrationInterface {
  name = 'ClusterSparqlState1768300000101';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sparql_slots (
        kind text NOT NULL CHECK (kind IN ('user', 'organization')),
        owner_id uuid NOT NULL,
        slot integer NOT NULL,
        process_id uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (kind, owner_id, slot)
      )`);
    await queryRunner.query(`CREATE INDEX sparql_slots_process_id_idx ON sparql_slots (process_id)`);
    await queryRunner.query(`
      CREATE TABLE dataset_copy_versions (
        dataset_id uuid PRIMARY KEY REFERENCES datasets (id) ON DELETE CASCADE,
        version integer NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE dataset_copy_versions`);
    await queryRunner.query(`DROP TABLE sparql_slots`);
  }
}
