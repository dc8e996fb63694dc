import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A personal API token was only refused while its user was out of the token's organisation, so
 * inviting the user back revived it (issue 32). Leaving now revokes it: the services do so with an
 * audit row, and this trigger revokes whatever a move by any other path leaves behind. Tokens of
 * people who already left are revoked here once.
 */
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
