import { MigrationInterface, QueryRunner } from 'typeorm';

export class GuidingPages1767800000001 implements MigrationInterface {
  name = 'GuidingPages1767800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE datasources ADD COLUMN contacted_at timestamptz, ADD COLUMN reachable boolean`);
    await queryRunner.query(`ALTER TABLE datasets ADD COLUMN updated_at timestamptz`);
    await queryRunner.query(`UPDATE datasets SET updated_at = checked_at WHERE status = 'online'`);
    await queryRunner.query(`ALTER TABLE users ADD COLUMN welcome_dismissed_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN welcome_dismissed_at`);
    await queryRunner.query(`ALTER TABLE datasets DROP COLUMN updated_at`);
    await queryRunner.query(`ALTER TABLE datasources DROP COLUMN contacted_at, DROP COLUMN reachable`);
  }
}
