import { MigrationInterface, QueryRunner } from 'typeorm';

/** Counts for everyone, findings for the owner. Notifies the catalogue per row, so a repeated report that changed nothing notifies nothing. */
export class DatasetQuality1768400001001 implements MigrationInterface {
  name = 'DatasetQuality1768400001001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE dataset_quality (
        dataset_id uuid PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE,
        conforms boolean NOT NULL,
        violations integer NOT NULL CHECK (violations >= 0),
        warnings integer NOT NULL CHECK (warnings >= 0),
        infos integer NOT NULL CHECK (infos >= 0),
        triples bigint,
        shapes_version text NOT NULL,
        checked_at timestamptz NOT NULL,
        findings jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE TRIGGER dataset_quality_notify_catalogue AFTER INSERT OR UPDATE OR DELETE ON dataset_quality FOR EACH ROW EXECUTE FUNCTION notify_catalogue_change()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE dataset_quality`);
  }
}
