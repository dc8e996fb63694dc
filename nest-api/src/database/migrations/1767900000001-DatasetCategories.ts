import { MigrationInterface, QueryRunner } from 'typeorm';

/** The categories present in a dataset, as its data source's metadata gives them (issue 25); unknown: null. */
export class DatasetCategories1767900000001 implements MigrationInterface {
  name = 'DatasetCategories1767900000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE datasets ADD COLUMN categories text[] CHECK (cardinality(categories) <= 8)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE datasets DROP COLUMN categories');
  }
}
