import { MigrationInterface, QueryRunner } from 'typeorm';

export class Datasources1764000000000 implements MigrationInterface {
  name = 'Datasources1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE datasources (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        hostname text,
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        secret_encrypted text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX datasources_hostname_key ON datasources (lower(hostname)) WHERE hostname IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX datasources_organization_name_key ON datasources (organization_id, lower(name))`);
    await queryRunner.query(`
      CREATE TABLE datasource_path_overrides (
        datasource_id uuid NOT NULL REFERENCES datasources (id) ON DELETE CASCADE,
        path text NOT NULL CHECK (path IN ('host', 'dataset', 'dataset_metadata')),
        pattern text NOT NULL,
        PRIMARY KEY (datasource_id, path)
      )`);
    await queryRunner.query(`
      CREATE TABLE datasets (
        id uuid PRIMARY KEY,
        datasource_id uuid NOT NULL REFERENCES datasources (id) ON DELETE CASCADE,
        slug text NOT NULL,
        name text NOT NULL DEFAULT '',
        about text NOT NULL DEFAULT '',
        contact text NOT NULL DEFAULT '',
        additional_info text NOT NULL DEFAULT '',
        file_format text NOT NULL DEFAULT '.ttl',
        status text NOT NULL DEFAULT 'offline',
        checked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX datasets_slug_key ON datasets (slug)`);
    await queryRunner.query(`CREATE INDEX datasets_datasource_id_idx ON datasets (datasource_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE datasets`);
    await queryRunner.query(`DROP TABLE datasource_path_overrides`);
    await queryRunner.query(`DROP TABLE datasources`);
  }
}
