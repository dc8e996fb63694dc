import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DatasourcesService } from '../datasources/datasources.service';
import { claimedDatasourceId, verifyDatasourceToken } from './protocol-tokens';

/** Who is calling the Hub Protocol: the data source whose current secret signed the bearer token. */
@Injectable()
export class DatasourceAuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly datasources: DatasourcesService,
  ) {}

  async authenticate(authorization: string | undefined): Promise<{ id: string; organizationId: string } | null> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    const id = claimedDatasourceId(token);
    if (!id) return null;
    const secret = await this.datasources.secretOf(id);
    if (!secret || !verifyDatasourceToken(token, id, secret)) return null;
    const [row] = await this.dataSource.query('SELECT organization_id FROM datasources WHERE id = $1', [id]);
    if (!row) return null;
    await this.datasources.recordContact(id, null);
    return { id, organizationId: row.organization_id };
  }
}
