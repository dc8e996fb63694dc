import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pages that guide (issue 25 item 4, ADR 0034): when the hub last had contact with a data source
 * (either direction) and whether its latest check reached it (null: never checked).
 */
export class GuidingPages1767800000001 implements MigrationInterface {
  name = 'GuidingPages1767800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE datasources ADD COLUMN contacted_at timestamptz, ADD COLUMN reachable boolean`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE datasources DROP COLUMN contacted_at, DROP COLUMN reachable`);
  }
}
