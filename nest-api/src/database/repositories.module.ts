import { Global, Module, type Provider } from '@nestjs/common';
import { DatasetsRepository } from '../datasets/datasets.repository';
import { IdempotencyRepository } from '../idempotency/idempotency.repository';

/**
 * Every aggregate's repository, provided once for the whole application (Immich's shape): a
 * service injects the repositories it needs without module wiring, and SQL lives only here.
 */
const REPOSITORIES: Provider[] = [
  DatasetsRepository,
  IdempotencyRepository,
];

@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class RepositoriesModule {}
