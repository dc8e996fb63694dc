import { MigrationInterface, QueryRunner } from 'typeorm';

// ADR 0025. The insert notifies the drainers at commit, so never before the row is visible.
export class Events1767400000001 implements MigrationInterface {
  name = 'Events1767400000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE event_outbox (
        id bigserial PRIMARY KEY,
        kind text NOT NULL,
        object_id text NOT NULL,
        parties uuid[] NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        drained_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX event_outbox_pending_idx ON event_outbox (object_id, id) WHERE drained_at IS NULL`);
    await queryRunner.query(`
      CREATE FUNCTION notify_event_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('datahub_events', '');
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER event_outbox_notify AFTER INSERT ON event_outbox FOR EACH STATEMENT EXECUTE FUNCTION notify_event_outbox()`,
    );
    await queryRunner.query(`ALTER TABLE authorisation_assignments ADD COLUMN expiry_recorded_at timestamptz`);
    // Grants that ended before events existed are not announced now.
    await queryRunner.query(
      `UPDATE authorisation_assignments SET expiry_recorded_at = now() WHERE expiration_date < (now() AT TIME ZONE 'Europe/Amsterdam')::date`,
    );

    await queryRunner.query(`
      CREATE TABLE webhooks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        url text NOT NULL,
        kinds text[] NOT NULL,
        secret_encrypted text NOT NULL,
        created_by_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        failing_since timestamptz,
        disabled_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX webhooks_organization_idx ON webhooks (organization_id)`);
    await queryRunner.query(`
      CREATE TABLE webhook_deliveries (
        id bigserial PRIMARY KEY,
        webhook_id uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        event_id bigint NOT NULL,
        kind text NOT NULL,
        object_id text NOT NULL,
        body text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        next_attempt_at timestamptz NOT NULL,
        retry_until timestamptz NOT NULL,
        last_attempt_at timestamptz,
        response_status int,
        duration_ms int,
        UNIQUE (webhook_id, event_id)
      )`);
    await queryRunner.query(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`);
    await queryRunner.query(`CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, id DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE webhook_deliveries');
    await queryRunner.query('DROP TABLE webhooks');
    await queryRunner.query('ALTER TABLE authorisation_assignments DROP COLUMN expiry_recorded_at');
    await queryRunner.query('DROP TABLE event_outbox');
    await queryRunner.query('DROP FUNCTION notify_event_outbox()');
  }
}
