import { Global, Module } from '@nestjs/common';
import { IdempotencyKeys } from './idempotency';

/** The interceptor sits on the creating POST handlers only (withIdempotency, in each controller's module); the keys are global. */
@Global()
@Module({ providers: [IdempotencyKeys], exports: [IdempotencyKeys] })
export class IdempotencyModule {}
