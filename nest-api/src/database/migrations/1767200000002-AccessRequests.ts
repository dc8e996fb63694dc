import { MigrationInterface, QueryRunner } from 'typeorm';

export class AccessRequests1767200000002 implements MigrationInterface {
  name = 'AccessRequests1767200000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE access_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        dataset_id uuid NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
        requester_organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
        requested_by_email text,
        authorisations text[] NOT NULL,
        reason text NOT NULL,
        expiration_date date,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'approved', 'declined')),
        decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
        decided_at timestamptz,
        decision_reason text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX access_requests_one_open ON access_requests (dataset_id, requester_organization_id) WHERE status = 'open'`);
    await queryRunner.query(`CREATE INDEX access_requests_requester_idx ON access_requests (requester_organization_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE access_requests');
  }
}
