import { MigrationInterface, QueryRunner } from 'typeorm';

export class Logos1765200000001 implements MigrationInterface {
  name = 'Logos1765200000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE logos (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
        data bytea NOT NULL CHECK (octet_length(data) <= 524288),
        sha256 text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE logos`);
  }
}
