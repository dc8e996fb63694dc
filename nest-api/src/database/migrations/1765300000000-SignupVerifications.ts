import { MigrationInterface, QueryRunner } from 'typeorm';

export class SignupVerifications1765300000000 implements MigrationInterface {
  name = 'SignupVerifications1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE signup_verifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        firstname text NOT NULL,
        lastname text NOT NULL,
        password_hash text NOT NULL,
        token_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX signup_verifications_token_hash_key ON signup_verifications (token_hash)`);
    await queryRunner.query(`CREATE INDEX signup_verifications_email_idx ON signup_verifications (email)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE signup_verifications`);
  }
}
