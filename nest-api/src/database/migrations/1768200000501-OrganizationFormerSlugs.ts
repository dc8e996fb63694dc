import { MigrationInterface, QueryRunner } from 'typeorm';

/** A personal organisation's tmp- slug gives way to its first real name's; old links keep working (301). */
export class OrganizationFormerSlugs1768200000501 implements MigrationInterface {
  name = 'OrganizationFormerSlugs1768200000501';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE organization_former_slugs (
        slug text PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        replaced_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX organization_former_slugs_organization_idx ON organization_former_slugs (organization_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE organization_former_slugs`);
  }
}
