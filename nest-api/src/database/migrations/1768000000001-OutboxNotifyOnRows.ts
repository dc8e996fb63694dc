import { MigrationInterface, QueryRunner } from 'typeorm';

/** NOTIFY only when an INSERT added rows: an empty statement-level INSERT (the expired-grants check) kept an idle hub draining. */
export class OutboxNotifyOnRows1768000000001 implements MigrationInterface {
  name = 'OutboxNotifyOnRows1768000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER event_outbox_notify ON event_outbox`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION notify_event_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM inserted) THEN
          PERFORM pg_notify('datahub_events', '');
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER event_outbox_notify AFTER INSERT ON event_outbox REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION notify_event_outbox()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER event_outbox_notify ON event_outbox`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION notify_event_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('datahub_events', '');
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER event_outbox_notify AFTER INSERT ON event_outbox FOR EACH STATEMENT EXECUTE FUNCTION notify_event_outbox()`);
  }
}
