import { MigrationInterface, QueryRunner } from 'typeorm';

export class Applications1765200000000 implements MigrationInterface {
  name = 'Applications1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE applications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL,
        name text NOT NULL,
        about text NOT NULL DEFAULT '',
        usage text NOT NULL DEFAULT '',
        owner_organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        category text CHECK (category IN ('Kassenbouw', 'Gewas registratie', 'IPM')),
        url text NOT NULL,
        url_licence_server text,
        url_privacy_statement text,
        url_terms_of_delivery text,
        price_per_year numeric(12, 2) CHECK (price_per_year >= 0),
        logo_url text,
        datasource_id uuid REFERENCES datasources (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX applications_slug_key ON applications (slug)`);
    await queryRunner.query(`CREATE UNIQUE INDEX applications_name_key ON applications (lower(name))`);
    await queryRunner.query(`CREATE INDEX applications_owner_idx ON applications (owner_organization_id)`);
    await queryRunner.query(`
      CREATE TABLE licences (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        start_date timestamptz,
        end_date timestamptz NOT NULL,
        synced_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX licences_organization_idx ON licences (organization_id)`);
    await queryRunner.query(`CREATE INDEX licences_application_idx ON licences (application_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE licences`);
    await queryRunner.query(`DROP TABLE applications`);
  }
}
