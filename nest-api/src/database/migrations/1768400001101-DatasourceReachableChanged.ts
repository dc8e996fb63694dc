import { MigrationInterface, QueryRunner } from 'typeorm';

/** Detected under the row's lock, so it is mailed once. */
export class DatasourceReachableChanged1768400001101 implements MigrationInterface {
  name = 'DatasourceReachableChanged1768400001101';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE datasources ADD COLUMN reachable_changed_at timestamptz NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE datasources DROP COLUMN reachable_changed_at`);
  }
}
