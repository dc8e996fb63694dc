import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APPLICATION_FIELD_ERRORS, APPLICATION_LIMITS } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { requirePermissionIn } from '../common/organization-access';
import { LogosRepository } from './logos.repository';
import { sniffImageType } from './sniff';

const LOGO_URL = /^\/api\/logos\/([0-9a-f-]{36})$/;

export function logoUrl(id: string): string {
  return `/api/logos/${id}`;
}

export type LogoOwner =
  | { table: 'applications'; permission: 'Application.Update' }
  | { table: 'organizations'; permission: 'Organization.Update' };

interface StoredLogo {
  contentType: string;
  data: Buffer;
  sha256: string;
}

@Injectable()
export class LogosService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly logos: LogosRepository,
  ) {}

  async store(manager: EntityManager, data: unknown): Promise<string> {
    if (!Buffer.isBuffer(data) || data.length === 0) throw ApiError.validation({ logo: APPLICATION_FIELD_ERRORS.logoMissing });
    if (data.length > APPLICATION_LIMITS.logoMaxBytes) throw ApiError.validation({ logo: APPLICATION_FIELD_ERRORS.logoSize });
    const contentType = sniffImageType(data);
    if (!contentType) throw ApiError.validation({ logo: APPLICATION_FIELD_ERRORS.logoType });
    const sha256 = createHash('sha256').update(data).digest('hex');
    const id = await this.logos.insert({ contentType, data, sha256 }, manager);
    return logoUrl(id);
  }

  /** Other URLs, such as none, are left alone. */
  async remove(manager: EntityManager, url: string | null): Promise<void> {
    const id = url ? LOGO_URL.exec(url)?.[1] : undefined;
    if (id) await this.logos.delete(id, manager);
  }

  async replace(actor: AuthenticatedUser, owner: LogoOwner, id: string, data: unknown): Promise<string | null> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.lockOwner(manager, actor, owner, id);
      const url = data === null ? null : await this.store(manager, data);
      await this.logos.setOwnerLogo(owner.table, id, url, manager);
      await this.remove(manager, current);
      return url;
    });
  }

  private async lockOwner(manager: EntityManager, actor: AuthenticatedUser, owner: LogoOwner, id: string): Promise<string | null> {
    const row = await this.logos.lockOwner(owner.table, id, manager);
    if (!row) throw ApiError.notFound();
    requirePermissionIn(actor, owner.permission, row.organization_id);
    return row.logo_url;
  }

  async get(id: string): Promise<StoredLogo> {
    const logo = await this.logos.byId(id);
    if (!logo) throw ApiError.notFound();
    return { contentType: logo.contentType, data: logo.data, sha256: logo.sha256 };
  }
}
