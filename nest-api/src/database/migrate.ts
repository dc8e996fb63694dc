/** `npm run migration:run -w nest-api`, for deployments that migrate before starting (nest-api also migrates at every start). */
import { runMigrations } from './data-source';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('Set DATABASE_URL to the PostgreSQL database to migrate.');
  process.exit(1);
}
runMigrations(url).then(
  () => console.log('Migrations applied.'),
  (error: unknown) => {
    console.error(`Migrations failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
