import { MigrationInterface, QueryRunner } from 'typeorm';

// Append-only (ADR 0021). No foreign keys: a row outlives its actor, organisation and dataset.
export class AuditLog1767200000001 implements MigrationInterface {
  name = 'AuditLog1767200000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        kind text NOT NULL,
        subject_id uuid,
        organization_id uuid,
        other_organization_id uuid,
        other_organization_name text,
        dataset_id uuid,
        dataset_name text,
        actor_user_id uuid,
        actor_email text,
        actor_token_id uuid,
        actor_organization_id uuid,
        client_address text,
        before jsonb,
        after jsonb,
        rows_answered integer,
        bytes bigint,
        outcome integer
      )`);
    // Keyset paging on (created_at, id), newest first: each filter the page offers has an index ending in it.
    for (const [name, columns] of [
      ['time', ''],
      ['organization', 'organization_id, '],
      ['other_organization', 'other_organization_id, '],
      ['organization_kind', 'organization_id, kind, '],
      ['other_organization_kind', 'other_organization_id, kind, '],
      ['dataset', 'dataset_id, '],
      ['actor_email', 'actor_email, '],
    ]) {
      await queryRunner.query(`CREATE INDEX audit_log_${name}_idx ON audit_log (${columns}created_at, id)`);
    }
    await queryRunner.query(`CREATE INDEX audit_log_reads_idx ON audit_log (created_at) WHERE kind LIKE 'read.%'`);
    await queryRunner.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`);
    await queryRunner.query(`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await queryRunner.query(`
      INSERT INTO audit_log (created_at, kind, subject_id, organization_id, other_organization_id, other_organization_name, dataset_id, dataset_name,
                             actor_user_id, actor_email, actor_organization_id, client_address, after)
      SELECT a.created_at,
             CASE a.action WHEN 'create' THEN 'grant.created' WHEN 'extend' THEN 'grant.extended' ELSE 'grant.revoked' END,
             a.authorisation_assignment_id,
             (SELECT ds.organization_id FROM datasets d JOIN datasources ds ON ds.id = d.datasource_id WHERE d.id = a.dataset_id),
             a.assignee_organization_id, a.assignee_organization_name, a.dataset_id, a.dataset_name,
             a.actor_user_id, a.actor_email, a.actor_organization_id, a.client_address,
             jsonb_build_object('authorisations', jsonb_build_array(a.authorisation), 'expiration_date', a.expiration_date)
      FROM authorisation_audit a ORDER BY a.id`);
    await queryRunner.query(`
      INSERT INTO audit_log (created_at, kind, organization_id, other_organization_id, dataset_id, dataset_name,
                             actor_token_id, actor_organization_id, client_address, rows_answered, bytes, outcome)
      SELECT m.created_at, 'read.' || m.action,
             (SELECT ds.organization_id FROM datasets d JOIN datasources ds ON ds.id = d.datasource_id WHERE d.id = m.dataset_id),
             m.organization_id, m.dataset_id, (SELECT name FROM datasets WHERE id = m.dataset_id),
             m.api_token_id, m.organization_id, m.client_address, m.rows_answered, m.bytes, m.outcome
      FROM machine_read_audit m ORDER BY m.id`);
    await queryRunner.query(`DROP TABLE authorisation_audit`);
    await queryRunner.query(`DROP TABLE machine_read_audit`);
  }

  async down(): Promise<void> {
    throw new Error('The audit trail is not rolled back: it would lose its rows.');
  }
}
