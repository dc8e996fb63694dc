import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, rows, type Queryable } from '../database/queryable';
import { uniqueSlug } from '../organizations/organizations.repository';

export interface ApplicationRow {
  id: string;
  slug: string;
  name: string;
  about: string;
  usage: string;
  owner_organization_id: string;
  owner_name: string;
  owner_slug: string;
  category: string | null;
  url: string;
  url_licence_server: string | null;
  url_privacy_statement: string | null;
  url_terms_of_delivery: string | null;
  /** numeric comes back from pg as a string. */
  price_per_year: string | null;
  logo_url: string | null;
  datasource_id: string | null;
}

export interface ApplicationFields {
  name: string;
  about: string;
  usage: string;
  ownerOrganizationId: string;
  category: string | null;
  url: string;
  urlLicenceServer: string | null;
  urlPrivacyStatement: string | null;
  urlTermsOfDelivery: string | null;
  pricePerYear: string | null;
  datasourceId: string | null;
}

export interface LicenceRow {
  organizationId: string;
  startDate: Date | null;
  endDate: Date;
}

const APPLICATION_SQL = `
  SELECT a.id, a.slug, a.name, a.about, a.usage, a.owner_organization_id, o.name AS owner_name, o.slug AS owner_slug,
         a.category, a.url, a.url_licence_server, a.url_privacy_statement, a.url_terms_of_delivery, a.price_per_year,
         a.logo_url, a.datasource_id
  FROM applications a
  JOIN organizations o ON o.id = a.owner_organization_id`;
const APPLICATION_ORDER = 'ORDER BY lower(a.name), a.slug';

const fieldValues = (fields: ApplicationFields) => [
  fields.name, fields.about, fields.usage, fields.ownerOrganizationId, fields.category, fields.url,
  fields.urlLicenceServer, fields.urlPrivacyStatement, fields.urlTermsOfDelivery, fields.pricePerYear, fields.datasourceId,
];

@Injectable()
export class ApplicationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list(db: Queryable = this.dataSource): Promise<ApplicationRow[]> {
    return rows<ApplicationRow>(db, `${APPLICATION_SQL} ${APPLICATION_ORDER}`);
  }

  ofOrganization(slug: string, db: Queryable = this.dataSource): Promise<ApplicationRow[]> {
    return rows<ApplicationRow>(db, `${APPLICATION_SQL} WHERE o.slug = $1 ${APPLICATION_ORDER}`, [slug]);
  }

  bySlug(slug: string, db: Queryable = this.dataSource): Promise<ApplicationRow | null> {
    return firstRow<ApplicationRow>(db, `${APPLICATION_SQL} WHERE a.slug = $1`, [slug]);
  }

  byId(id: string, db: Queryable = this.dataSource): Promise<ApplicationRow | null> {
    return firstRow<ApplicationRow>(db, `${APPLICATION_SQL} WHERE a.id = $1`, [id]);
  }

  async nameTaken(name: string, exceptId: string | null, db: Queryable = this.dataSource): Promise<boolean> {
    const row = await firstRow<{ taken: boolean }>(
      db,
      'SELECT EXISTS (SELECT 1 FROM applications WHERE lower(name) = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid)) AS taken',
      [name, exceptId],
    );
    return row!.taken;
  }

  uniqueSlug(name: string, db: Queryable = this.dataSource): Promise<string> {
    return uniqueSlug((sql, parameters) => db.query(sql, parameters), 'applications', name);
  }

  async insert(fields: ApplicationFields, slug: string, db: Queryable = this.dataSource): Promise<string> {
    const row = await firstRow<{ id: string }>(
      db,
      `INSERT INTO applications (name, about, usage, owner_organization_id, category, url, url_licence_server, url_privacy_statement,
                                 url_terms_of_delivery, price_per_year, datasource_id, slug, logo_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, NULL) RETURNING id`,
      [...fieldValues(fields), slug],
    );
    return row!.id;
  }

  async update(id: string, fields: ApplicationFields, logoUrl: string | null, db: Queryable = this.dataSource): Promise<void> {
    await db.query(
      `UPDATE applications SET name = $1, about = $2, usage = $3, owner_organization_id = $4, category = $5, url = $6, url_licence_server = $7,
              url_privacy_statement = $8, url_terms_of_delivery = $9, price_per_year = $10, datasource_id = $11, logo_url = $12
       WHERE id = $13`,
      [...fieldValues(fields), logoUrl, id],
    );
  }

  async delete(id: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM applications WHERE id = $1', [id]);
  }

  async withLicenceServer(db: Queryable = this.dataSource): Promise<string[]> {
    return (await rows<{ id: string }>(db, 'SELECT id FROM applications WHERE url_licence_server IS NOT NULL ORDER BY created_at')).map((row) => row.id);
  }

  licenceSource(id: string, db: Queryable = this.dataSource): Promise<{ slug: string; url_licence_server: string | null } | null> {
    return firstRow(db, 'SELECT slug, url_licence_server FROM applications WHERE id = $1', [id]);
  }

  /** Current slugs, or a former tmp- slug (no slug is both). */
  licensees(slugs: string[], db: Queryable = this.dataSource): Promise<{ id: string; slug: string }[]> {
    return rows(
      db,
      `SELECT id, slug FROM organizations WHERE slug = ANY($1::text[])
       UNION ALL SELECT organization_id, slug FROM organization_former_slugs WHERE slug = ANY($1::text[])`,
      [slugs],
    );
  }

  async replaceLicences(applicationId: string, licences: LicenceRow[], db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM licences WHERE application_id = $1', [applicationId]);
    for (const licence of licences)
      await db.query('INSERT INTO licences (application_id, organization_id, start_date, end_date) VALUES ($1, $2, $3, $4)', [
        applicationId,
        licence.organizationId,
        licence.startDate,
        licence.endDate,
      ]);
  }
}
