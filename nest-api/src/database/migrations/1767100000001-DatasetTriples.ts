import { MigrationInterface, QueryRunner } from 'typeorm';

export class DatasetTriples1767100000001 implements MigrationInterface {
  name = 'DatasetTriples1767100000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE datasets ADD COLUMN triples bigint CHECK (triples >= 0)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE datasets DROP COLUMN triples');
  }
}
