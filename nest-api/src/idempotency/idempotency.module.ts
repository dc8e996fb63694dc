import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotencyInterceptor, IdempotencyKeys } from './idempotency';

/** Idempotency-Key on creating POSTs (issue 34 item 6), for every controller at once. */
@Module({ providers: [IdempotencyKeys, { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor }] })
export class IdempotencyModule {}
