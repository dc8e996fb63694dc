import { MigrationInterface, QueryRunner } from 'typeorm';

export class RevokeAdminMadeOrganizationTokens1768100000101 implements MigrationInterface {
  name = 'RevokeAdminMadeOrganizationTokens1768100000101';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      WITH revoked AS (
        UPDATE api_tokens t SET revoked_at = now()
          FROM audit_log l JOIN organizations admin ON admin.id = l.actor_organization_id AND admin.is_admin
         WHERE t.kind = 'organization' AND t.revoked_at IS NULL
           AND l.kind = 'api_token.created' AND l.subject_id = t.id AND t.organization_id <> admin.id
        RETURNING t.id, t.organization_id, t.name)
      INSERT INTO audit_log (kind, subject_id, organization_id, before)
      SELECT 'api_token.revoked', id, organization_id, jsonb_build_object('name', name, 'kind', 'organization') FROM revoked`);
  }

  async down(): Promise<void> {
    // A revoked token stays revoked.
  }
}
