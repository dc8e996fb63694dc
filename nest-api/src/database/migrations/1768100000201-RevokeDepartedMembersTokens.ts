import { MigrationInterface, QueryRunner } from 'typeorm';

/** Leaving an organisation revokes personal tokens: this trigger catches any move path the services do not. */
export class RevokeDepartedMembersTokens1768100000201 implements MigrationInterface {
  name = 'RevokeDepartedMembersTokens1768100000201';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE api_tokens t SET revoked_at = now() FROM users u
       WHERE t.kind = 'personal' AND t.revoked_at IS NULL AND u.id = t.user_id AND u.organization_id <> t.organization_id`);
    await queryRunner.query(`
      CREATE FUNCTION revoke_departed_member_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE api_tokens SET revoked_at = now()
         WHERE kind = 'personal' AND user_id = NEW.id AND organization_id = OLD.organization_id AND revoked_at IS NULL;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER users_departed_tokens AFTER UPDATE OF organization_id ON users FOR EACH ROW
        WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id) EXECUTE FUNCTION revoke_departed_member_tokens()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER users_departed_tokens ON users`);
    await queryRunner.query(`DROP FUNCTION revoke_departed_member_tokens()`);
  }
}
