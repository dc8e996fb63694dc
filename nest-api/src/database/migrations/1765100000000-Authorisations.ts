import { MigrationInterface, QueryRunner } from 'typeorm';

export class Authorisations1765100000000 implements MigrationInterface {
  name = 'Authorisations1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE authorisation_assignments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        dataset_id uuid NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
        assignee_organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        authorisation text NOT NULL CHECK (authorisation IN (
          'Dataset.ReadAll', 'Dataset.ReadConstruction', 'Dataset.ReadWater', 'Dataset.ReadHeating', 'Dataset.ReadCrop',
          'Dataset.ReadGlass', 'Dataset.ReadOther', 'Dataset.ReadRoof', 'Dataset.ReadVenloGreenhouse')),
        expiration_date date,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT authorisation_assignments_unique UNIQUE (dataset_id, assignee_organization_id, authorisation)
      )`);
    await queryRunner.query(`CREATE INDEX authorisation_assignments_assignee_idx ON authorisation_assignments (assignee_organization_id, dataset_id)`);
    // Kept after the assignment and its users are gone: no foreign keys, names copied.
    await queryRunner.query(`
      CREATE TABLE authorisation_audit (
        id bigserial PRIMARY KEY,
        action text NOT NULL CHECK (action IN ('create', 'extend', 'revoke')),
        authorisation_assignment_id uuid NOT NULL,
        dataset_id uuid NOT NULL,
        dataset_name text NOT NULL,
        assignee_organization_id uuid NOT NULL,
        assignee_organization_name text NOT NULL,
        authorisation text NOT NULL,
        expiration_date date,
        actor_user_id uuid,
        actor_email text NOT NULL,
        actor_organization_id uuid,
        client_address text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX authorisation_audit_dataset_idx ON authorisation_audit (dataset_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE authorisation_audit`);
    await queryRunner.query(`DROP TABLE authorisation_assignments`);
  }
}
