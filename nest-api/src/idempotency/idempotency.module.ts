import { Global, Module } from '@nestjs/common';
import { IdempotencyKeys } from './idempotency';

/**
 * Idempotency-Key on creating POSTs (issue 34 item 6). The interceptor sits on those handlers only
 * (withIdempotency), made in each controller's module: the keys are global.
 */
@Global()
@Module({ providers: [IdempotencyKeys], exports: [IdempotencyKeys] })
export class IdempotencyModule {}
