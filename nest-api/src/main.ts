import 'reflect-metadata';
import { createServer } from 'node:net';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { runMigrations } from './database/data-source';
import { StartupError, startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres';
import { SeedService } from './seed/seed.service';

function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'EADDRINUSE' ? 'already in use' : 'not available';
      reject(new StartupError(`Port ${port} on ${host} is ${why}: stop the other program, or choose another port with API_PORT (npm start) or PORT.`));
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Before Postgres starts: a taken port is the most common reason a second start fails.
  await assertPortFree(config.port, config.host);
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, (line) => {
      if (config.logLevel === 'debug' || line.startsWith('PostgreSQL runs as')) console.log(line.startsWith('PostgreSQL') ? line : `[postgres] ${line}`);
    });
    await embedded.createDatabase('datahub');
    databaseUrl = embedded.url('datahub');
    console.log(`Embedded PostgreSQL running with its data in ${embedded.directory}`);
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
  else if (error instanceof StartupError) console.error(`nest-api cannot start: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
