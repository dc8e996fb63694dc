import { Injectable } from '@nestjs/common';
import { DatasourcesRepository } from '../datasources/datasources.repository';
import { DatasourcesService } from '../datasources/datasources.service';
import { claimedDatasourceId, verifyDatasourceToken } from './protocol-tokens';

@Injectable()
export class DatasourceAuthService {
  constructor(
    private readonly repository: DatasourcesRepository,
    private readonly datasources: DatasourcesService,
  ) {}

  async authenticate(authorization: string | undefined): Promise<{ id: string; organizationId: string } | null> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    const id = claimedDatasourceId(token);
    if (!id) return null;
    const secret = await this.datasources.secretOf(id);
    if (!secret || !verifyDatasourceToken(token, id, secret)) return null;
    const organizationId = await this.repository.organizationOf(id);
    if (!organizationId) return null;
    await this.datasources.recordContact(id, null);
    return { id, organizationId };
  }
}
