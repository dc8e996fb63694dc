import { Global, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Pool, type QueryConfig, type QueryResult, type QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';

/** Named statements (planned once per connection) for the per-request hot path, which TypeORM's query API cannot send. */
@Injectable()
export class DatabasePool implements OnApplicationShutdown {
  private pool: Pool | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  query<R extends QueryResultRow>(config: QueryConfig): Promise<QueryResult<R>> {
    return this.connections().query<R>(config);
  }

  private connections(): Pool {
    if (!this.pool) {
      const { url } = this.dataSource.options as { url?: string };
      this.pool = new Pool({ connectionString: url, max: 4, application_name: 'datahub-api' });
      // An idle connection that drops is replaced on the next query; it must not end the process.
      this.pool.on('error', () => undefined);
    }
    return this.pool;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool?.end();
    this.pool = null;
  }
}

@Global()
@Module({ providers: [DatabasePool], exports: [DatabasePool] })
export class DatabaseModule {}
