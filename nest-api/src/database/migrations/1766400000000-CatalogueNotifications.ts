import { MigrationInterface, QueryRunner } from 'typeorm';

/** Changes to datasets or data sources notify the API processes that keep the catalogue listing; one notification per statement. */
export class CatalogueNotifications1766400000000 implements MigrationInterface {
  name = 'CatalogueNotifications1766400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('datahub_sessions', 'catalogue:');
        RETURN NULL;
      END $$`);
    for (const table of ['datasets', 'datasources'])
      await queryRunner.query(
        `CREATE TRIGGER ${table}_notify_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change()`,
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['datasources', 'datasets']) await queryRunner.query(`DROP TRIGGER ${table}_notify_catalogue ON ${table}`);
    await queryRunner.query(`DROP FUNCTION notify_catalogue_change()`);
  }
}
