import { MigrationInterface, QueryRunner } from 'typeorm';

export class PasswordResets1767500000001 implements MigrationInterface {
  name = 'PasswordResets1767500000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX password_resets_token_hash_key ON password_resets (token_hash)`);
    await queryRunner.query(`CREATE INDEX password_resets_user_idx ON password_resets (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE password_resets`);
  }
}
