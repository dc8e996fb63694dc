/** What tools outside the API (the benchmarks in tools/bench) may use; the package exports it as `nest-api/tooling`. */
export { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres';
export { DEMO_ADMIN_EMAIL } from './config/config';
