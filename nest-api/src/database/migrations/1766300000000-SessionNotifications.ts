import { MigrationInterface, QueryRunner } from 'typeorm';

/** Changes that can end a session or change its user notify the API processes (cache/change-notifications.ts): triggers, so no write path forgets. */
export class SessionNotifications1766300000000 implements MigrationInterface {
  name = 'SessionNotifications1766300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        old_id text;
        new_id text;
      BEGIN
        -- TG_ARGV: the payload's kind, then the column naming the affected session/user/organisation.
        IF TG_OP <> 'INSERT' THEN old_id := to_jsonb(OLD) ->> TG_ARGV[1]; END IF;
        IF TG_OP <> 'DELETE' THEN new_id := to_jsonb(NEW) ->> TG_ARGV[1]; END IF;
        IF old_id IS NOT NULL THEN PERFORM pg_notify('datahub_sessions', TG_ARGV[0] || ':' || old_id); END IF;
        IF new_id IS NOT NULL AND new_id IS DISTINCT FROM old_id THEN
          PERFORM pg_notify('datahub_sessions', TG_ARGV[0] || ':' || new_id);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER sessions_notify AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_change('session', 'id')`,
    );
    await queryRunner.query(
      `CREATE TRIGGER users_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_session_change('user', 'id')`,
    );
    await queryRunner.query(
      `CREATE TRIGGER role_assignments_notify AFTER INSERT OR UPDATE OR DELETE ON role_assignments FOR EACH ROW EXECUTE FUNCTION notify_session_change('user', 'user_id')`,
    );
    await queryRunner.query(
      `CREATE TRIGGER organizations_notify AFTER UPDATE OR DELETE ON organizations FOR EACH ROW EXECUTE FUNCTION notify_session_change('organization', 'id')`,
    );
    await queryRunner.query(`CREATE INDEX datasets_name_order ON datasets (lower(name), slug)`);
    await queryRunner.query(`CREATE INDEX organizations_name_order ON organizations (lower(name), slug)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX organizations_name_order`);
    await queryRunner.query(`DROP INDEX datasets_name_order`);
    for (const table of ['organizations', 'role_assignments', 'users', 'sessions'])
      await queryRunner.query(`DROP TRIGGER ${table}_notify ON ${table}`);
    await queryRunner.query(`DROP FUNCTION notify_session_change()`);
  }
}
