/** For tools/bench, exported as `nest-api/tooling`. */
export { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres';
export { DEMO_ADMIN_EMAIL } from './config/config';
