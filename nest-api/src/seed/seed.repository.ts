import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, type Queryable } from '../database/queryable';

@Injectable()
export class SeedRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Keeps two processes from racing on an empty database. */
  async lockSeeding(db: Queryable): Promise<void> {
    await db.query('SELECT pg_advisory_xact_lock(7406001)');
  }

  async insertUser(
    user: { email: string; firstname: string; lastname: string; passwordHash: string; organizationId: string; roles: readonly string[] },
    db: Queryable = this.dataSource,
  ): Promise<void> {
    const row = await firstRow<{ id: string }>(
      db,
      `INSERT INTO users (email, firstname, lastname, password_hash, email_verified, organization_id) VALUES ($1, $2, $3, $4, true, $5) RETURNING id`,
      [user.email, user.firstname, user.lastname, user.passwordHash, user.organizationId],
    );
    for (const role of user.roles) await db.query('INSERT INTO role_assignments (user_id, role) VALUES ($1, $2)', [row!.id, role]);
  }

  async insertApplication(
    application: {
      slug: string; name: string; about: string; usage: string; ownerOrganizationId: string; category: string; url: string;
      urlTermsOfDelivery: string | null; urlPrivacyStatement: string | null; pricePerYear: string | null; datasourceId: string | null; urlLicenceServer: string | null;
    },
    db: Queryable = this.dataSource,
  ): Promise<void> {
    await db.query(
      `INSERT INTO applications (slug, name, about, usage, owner_organization_id, category, url, url_terms_of_delivery, url_privacy_statement,
                                 price_per_year, datasource_id, url_licence_server, logo_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, NULL)`,
      [
        application.slug, application.name, application.about, application.usage, application.ownerOrganizationId, application.category, application.url,
        application.urlTermsOfDelivery, application.urlPrivacyStatement, application.pricePerYear, application.datasourceId, application.urlLicenceServer,
      ],
    );
  }
}
