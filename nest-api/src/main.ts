import 'reflect-metadata';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { runMigrations } from './database/data-source';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres';
import { SeedService } from './seed/seed.service';

async function main(): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, (line) => {
      if (config.logLevel === 'debug') console.log(`[postgres] ${line}`);
    });
    await embedded.createDatabase('datahub');
    databaseUrl = embedded.url('datahub');
    console.log(`Embedded PostgreSQL running with its data in ${config.dataDir}`);
  }

  let closing = false;
  const app = await (async () => {
    await runMigrations(databaseUrl);
    const app = await createApp(config, databaseUrl);
    await app.get(SeedService).run();
    await app.listen(config.port, config.host);
    return app;
  })().catch(async (error) => {
    await embedded?.stop();
    throw error;
  });
  console.log(`nest-api listening on http://${config.host}:${config.port}/api (docs: /api/docs)`);

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`nest-api: ${signal} received, shutting down`);
    await app.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
