import { MigrationInterface, QueryRunner } from 'typeorm';

/** ADR 0017: only the secret's SHA-256 is kept. Revocation and deletion notify the API processes like sessions do (ADR 0013). */
export class ApiTokens1766500000000 implements MigrationInterface {
  name = 'ApiTokens1766500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('personal', 'organization')),
        secret_hash bytea NOT NULL UNIQUE,
        name text NOT NULL,
        scopes text[] NOT NULL,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE CASCADE,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_by_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        last_used_at timestamptz,
        last_used_address text,
        revoked_at timestamptz,
        CHECK ((kind = 'personal') = (user_id IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX api_tokens_owner_idx ON api_tokens (organization_id, user_id)`);
    await queryRunner.query(
      `CREATE TRIGGER api_tokens_notify AFTER UPDATE OF revoked_at, expires_at, scopes OR DELETE ON api_tokens FOR EACH ROW EXECUTE FUNCTION notify_session_change('apitoken', 'id')`,
    );
    // Security logging, kept after the token, the organisation and the dataset are gone: no foreign keys.
    await queryRunner.query(`
      CREATE TABLE machine_read_audit (
        id bigserial PRIMARY KEY,
        api_token_id uuid NOT NULL,
        organization_id uuid NOT NULL,
        dataset_id uuid NOT NULL,
        action text NOT NULL CHECK (action IN ('query', 'download')),
        outcome integer NOT NULL,
        rows_answered integer,
        bytes bigint,
        client_address text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX machine_read_audit_token_idx ON machine_read_audit (api_token_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE machine_read_audit`);
    await queryRunner.query(`DROP TABLE api_tokens`);
  }
}
