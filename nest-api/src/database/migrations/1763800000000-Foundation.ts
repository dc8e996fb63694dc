import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763800000000 implements MigrationInterface {
  name = 'Foundation1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE organizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        slug text NOT NULL,
        kvk_number integer,
        domain text,
        logo_url text,
        is_admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT organizations_kvk_number_8_digits CHECK (kvk_number IS NULL OR kvk_number BETWEEN 0 AND 99999999)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX organizations_name_key ON organizations (lower(name))`);
    await queryRunner.query(`CREATE UNIQUE INDEX organizations_slug_key ON organizations (slug)`);
    await queryRunner.query(`CREATE UNIQUE INDEX organizations_domain_key ON organizations (lower(domain)) WHERE domain IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX organizations_single_admin ON organizations (is_admin) WHERE is_admin`);

    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        firstname text NOT NULL DEFAULT '',
        lastname text NOT NULL DEFAULT '',
        password_hash text,
        email_verified boolean NOT NULL DEFAULT false,
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE RESTRICT,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
    await queryRunner.query(`CREATE INDEX users_organization_id_idx ON users (organization_id)`);

    await queryRunner.query(`
      CREATE TABLE role_assignments (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, role)
      )`);

    await queryRunner.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`);

    await queryRunner.query(`
      CREATE TABLE external_identities (
        provider text NOT NULL,
        subject text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, subject)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE external_identities`);
    await queryRunner.query(`DROP TABLE sessions`);
    await queryRunner.query(`DROP TABLE role_assignments`);
    await queryRunner.query(`DROP TABLE users`);
    await queryRunner.query(`DROP TABLE organizations`);
  }
}
