import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, rows } from '../../database/queryable';

export interface ConnectionHolder {
  holder_id: string;
  relay_url: string;
}

@Injectable()
export class DatasourceConnectionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async claim(datasourceId: string, holderId: string, relayUrl: string, leaseSeconds: number): Promise<void> {
    await this.db.query(
      `INSERT INTO datasource_connections (datasource_id, holder_id, relay_url, connected_at, lease_until)
       VALUES ($1, $2, $3, now(), now() + make_interval(secs => $4))
       ON CONFLICT (datasource_id) DO UPDATE SET holder_id = $2, relay_url = $3, connected_at = now(), lease_until = now() + make_interval(secs => $4)`,
      [datasourceId, holderId, relayUrl, leaseSeconds],
    );
  }

  /** Extends this process's leases; answers the data sources whose lease it still held (the rest went to another process). */
  async renew(datasourceIds: string[], holderId: string, leaseSeconds: number): Promise<string[]> {
    if (datasourceIds.length === 0) return [];
    const renewed = await rows<{ datasource_id: string }>(
      this.db,
      `UPDATE datasource_connections SET lease_until = now() + make_interval(secs => $3)
       WHERE datasource_id = ANY($1::uuid[]) AND holder_id = $2 RETURNING datasource_id`,
      [datasourceIds, holderId, leaseSeconds],
    );
    return renewed.map((row) => row.datasource_id);
  }

  /** The connection ended here: the lease goes, unless another process took it meanwhile. */
  async release(datasourceId: string, holderId: string): Promise<void> {
    await this.db.query('DELETE FROM datasource_connections WHERE datasource_id = $1 AND holder_id = $2', [datasourceId, holderId]);
  }

  holder(datasourceId: string): Promise<ConnectionHolder | null> {
    return firstRow<ConnectionHolder>(
      this.db,
      'SELECT holder_id, relay_url FROM datasource_connections WHERE datasource_id = $1 AND lease_until > now()',
      [datasourceId],
    );
  }

  async connected(datasourceIds: string[]): Promise<Set<string>> {
    if (datasourceIds.length === 0) return new Set();
    const found = await rows<{ datasource_id: string }>(
      this.db,
      'SELECT datasource_id FROM datasource_connections WHERE datasource_id = ANY($1::uuid[]) AND lease_until > now()',
      [datasourceIds],
    );
    return new Set(found.map((row) => row.datasource_id));
  }
}
