import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a data source last went offline or came back (issue 35): the owner's notice on its page
 * says since when; the change itself is detected under the row's lock, so it is mailed once.
 */
export class DatasourceReachableChanged1768400001101 implements MigrationInterface {
  name = 'DatasourceReachableChanged1768400001101';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE datasources ADD COLUMN reachable_changed_at timestamptz NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE datasources DROP COLUMN reachable_changed_at`);
  }
}
