// Second baseline for `npm run bench:api`: Nest on Fastify answering BARE_BODY, no guard, hooks, logger or database;
// it separates what Nest itself costs from what the product's request pipeline adds.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';

const body: unknown = JSON.parse(process.env.BARE_BODY ?? '{}');

@Controller('api')
class CurrentUserController {
  @Get('current_user')
  currentUser(): unknown {
    return body;
  }
}

@Module({ controllers: [CurrentUserController] })
class MinimalModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(MinimalModule, new FastifyAdapter(), { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
