import { MigrationInterface, QueryRunner } from 'typeorm';

export class Invitations1763900000000 implements MigrationInterface {
  name = 'Invitations1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        email text NOT NULL,
        token_hash text NOT NULL,
        invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by uuid REFERENCES users (id) ON DELETE SET NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX invitations_token_hash_key ON invitations (token_hash)`);
    await queryRunner.query(`CREATE INDEX invitations_email_idx ON invitations (lower(email))`);
    await queryRunner.query(`
      CREATE TABLE outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        recipient text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE outbox`);
    await queryRunner.query(`DROP TABLE invitations`);
  }
}
