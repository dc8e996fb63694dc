import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { PERSONAL_ORGANIZATION_PREFIX } from '@datahub/domain';
import { Organization } from './organization.entity';
import { slugify } from './slug';

@Injectable()
export class OrganizationsService {
  /** The organisation whose e-mail domain matches, if any. */
  findByEmailDomain(manager: EntityManager, email: string): Promise<Organization | null> {
    const domain = email.split('@')[1]?.toLowerCase();
    if (!domain) return Promise.resolve(null);
    return manager
      .getRepository(Organization)
      .createQueryBuilder('o')
      .where('lower(o.domain) = :domain', { domain })
      .getOne();
  }

  /** A personal organisation (tmp_…, shown with an empty name) for someone who belongs nowhere yet. */
  createPersonal(manager: EntityManager): Promise<Organization> {
    const suffix = randomBytes(6).toString('hex');
    return manager.getRepository(Organization).save({
      name: `${PERSONAL_ORGANIZATION_PREFIX}${suffix}`,
      slug: `tmp-${suffix}`,
      isAdmin: false,
    });
  }

  async create(manager: EntityManager, fields: { name: string; domain?: string | null; isAdmin?: boolean }): Promise<Organization> {
    return manager.getRepository(Organization).save({
      name: fields.name,
      slug: await this.uniqueSlug(manager, fields.name),
      domain: fields.domain ?? null,
      isAdmin: fields.isAdmin ?? false,
    });
  }

  async uniqueSlug(manager: EntityManager, name: string): Promise<string> {
    const base = slugify(name);
    const taken = new Set(
      (
        await manager.query(`SELECT slug FROM organizations WHERE slug = $1 OR slug LIKE $2`, [base, `${base}-%`])
      ).map((row: { slug: string }) => row.slug),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}
