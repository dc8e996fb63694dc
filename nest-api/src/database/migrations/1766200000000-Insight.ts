import { MigrationInterface, QueryRunner } from 'typeorm';

/** Only with consent; events carry ids only, never names or addresses. */
export class Insight1766200000000 implements MigrationInterface {
  name = 'Insight1766200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE usage_events (
        id bigserial PRIMARY KEY,
        kind text NOT NULL,
        route text,
        subject_id uuid,
        user_id uuid NOT NULL,
        organization_id uuid NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX usage_events_occurred_at_idx ON usage_events (occurred_at)`);
    await queryRunner.query(`CREATE INDEX usage_events_subject_idx ON usage_events (subject_id, kind) WHERE subject_id IS NOT NULL`);
    await queryRunner.query(`CREATE TABLE session_visits (session_id uuid PRIMARY KEY, recorded_at timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(`
      CREATE TABLE ratings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        organization_id uuid NOT NULL,
        score int,
        max_rating int NOT NULL,
        comment text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX ratings_user_idx ON ratings (user_id, created_at)`);
    await queryRunner.query(`
      CREATE TABLE support_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        organization_id uuid,
        email text NOT NULL,
        organization_name text NOT NULL,
        kind text NOT NULL,
        summary text NOT NULL,
        description text NOT NULL,
        status text NOT NULL DEFAULT 'open',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE support_attachments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        request_id uuid NOT NULL REFERENCES support_requests(id) ON DELETE CASCADE,
        filename text NOT NULL,
        content_type text NOT NULL,
        data bytea NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX support_attachments_request_idx ON support_attachments (request_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE support_attachments`);
    await queryRunner.query(`DROP TABLE support_requests`);
    await queryRunner.query(`DROP TABLE ratings`);
    await queryRunner.query(`DROP TABLE session_visits`);
    await queryRunner.query(`DROP TABLE usage_events`);
  }
}
