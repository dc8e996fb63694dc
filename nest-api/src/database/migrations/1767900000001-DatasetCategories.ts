import { MigrationInterface, QueryRunner } from 'typeorm';

export class DatasetCategories1767900000001 implements MigrationInterface {
  name = 'DatasetCategories1767900000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE datasets ADD COLUMN categories text[] CHECK (cardinality(categories) <= 8)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE datasets DROP COLUMN categories');
  }
}
