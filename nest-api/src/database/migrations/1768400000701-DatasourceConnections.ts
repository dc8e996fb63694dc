import { MigrationInterface, QueryRunner } from 'typeorm';

export class DatasourceConnections1768400000701 implements MigrationInterface {
  name = 'DatasourceConnections1768400000701';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE datasource_connections (
        datasource_id uuid PRIMARY KEY REFERENCES datasources(id) ON DELETE CASCADE,
        holder_id uuid NOT NULL,
        relay_url text NOT NULL,
        connected_at timestamptz NOT NULL DEFAULT now(),
        lease_until timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE datasource_connections`);
  }
}
