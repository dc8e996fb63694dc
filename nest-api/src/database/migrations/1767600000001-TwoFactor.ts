import { MigrationInterface, QueryRunner } from 'typeorm';

/** ADR 0032: the TOTP secret is sealed (AES-GCM); recovery codes and second-step tokens keep only a keyed hash. */
export class TwoFactor1767600000001 implements MigrationInterface {
  name = 'TwoFactor1767600000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_two_factor (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        secret_sealed text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        enabled_at timestamptz,
        last_step bigint
      )`);
    await queryRunner.query(`
      CREATE TABLE two_factor_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX two_factor_recovery_codes_user_hash_key ON two_factor_recovery_codes (user_id, code_hash)`);
    await queryRunner.query(`
      CREATE TABLE two_factor_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        failures int NOT NULL DEFAULT 0,
        used_at timestamptz
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX two_factor_challenges_token_hash_key ON two_factor_challenges (token_hash)`);
    await queryRunner.query(`CREATE INDEX two_factor_challenges_user_idx ON two_factor_challenges (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE two_factor_challenges`);
    await queryRunner.query(`DROP TABLE two_factor_recovery_codes`);
    await queryRunner.query(`DROP TABLE user_two_factor`);
  }
}
