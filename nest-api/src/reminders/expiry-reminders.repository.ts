import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ExpiryReminder } from '@datahub/domain';
import { DataSource } from 'typeorm';
import { rows, type Queryable } from '../database/queryable';
import { AMSTERDAM_TODAY_SQL } from '../authorisations/authorisations.repository';

/** Ended reminders are still sent this many days late (after downtime). */
const ENDED_GRACE_DAYS = 7;

/** From the days left until the last valid day (-1: ended yesterday). */
const REMINDER_SQL = (daysLeft: string) => `CASE WHEN ${daysLeft} < 0 THEN 'ended' WHEN ${daysLeft} <= 3 THEN '3d' ELSE '14d' END`;

export interface DueAuthorisation {
  ids: string[];
  dataset: string;
  dataset_slug: string;
  grantor_id: string;
  grantor: string;
  receiver_id: string;
  receiver: string;
  scopes: string[];
  expires_on: string;
  reminder: ExpiryReminder;
}

export interface DueApiToken {
  id: string;
  name: string;
  kind: 'personal' | 'organization';
  organization_id: string;
  user_id: string | null;
  expires_on: string;
  reminder: ExpiryReminder;
}

@Injectable()
export class ExpiryRemindersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  dueAuthorisations(db: Queryable = this.dataSource): Promise<DueAuthorisation[]> {
    const daysLeft = `(a.expiration_date - ${AMSTERDAM_TODAY_SQL})`;
    return rows<DueAuthorisation>(db, `
      SELECT array_agg(a.id ORDER BY a.id) AS ids, d.name AS dataset, d.slug AS dataset_slug,
             g.id AS grantor_id, g.name AS grantor, r.id AS receiver_id, r.name AS receiver,
             array_agg(a.authorisation ORDER BY a.authorisation) AS scopes, a.expiration_date::text AS expires_on,
             ${REMINDER_SQL(daysLeft)} AS reminder
      FROM authorisation_assignments a
      JOIN datasets d ON d.id = a.dataset_id
      JOIN datasources s ON s.id = d.datasource_id
      JOIN organizations g ON g.id = s.organization_id
      JOIN organizations r ON r.id = a.assignee_organization_id
      WHERE a.expiration_date IS NOT NULL AND ${daysLeft} BETWEEN -${ENDED_GRACE_DAYS} AND 14
        AND NOT EXISTS (SELECT 1 FROM expiry_reminders_sent m WHERE m.subject_kind = 'authorisation' AND m.subject_id = a.id
                          AND m.expires_on = a.expiration_date AND m.reminder = ${REMINDER_SQL(daysLeft)})
      GROUP BY d.id, g.id, r.id, a.expiration_date, ${REMINDER_SQL(daysLeft)}
      ORDER BY a.expiration_date`);
  }

  dueApiTokens(db: Queryable = this.dataSource): Promise<DueApiToken[]> {
    const expiresOn = `(t.expires_at AT TIME ZONE 'Europe/Amsterdam')::date`;
    const daysLeft = `(${expiresOn} - ${AMSTERDAM_TODAY_SQL})`;
    return rows<DueApiToken>(db, `
      SELECT t.id, t.name, t.kind, t.organization_id, t.user_id, ${expiresOn}::text AS expires_on, ${REMINDER_SQL(daysLeft)} AS reminder
      FROM api_tokens t
      WHERE t.revoked_at IS NULL AND ${daysLeft} BETWEEN -${ENDED_GRACE_DAYS} AND 14
        AND NOT EXISTS (SELECT 1 FROM expiry_reminders_sent m WHERE m.subject_kind = 'api_token' AND m.subject_id = t.id
                          AND m.expires_on = ${expiresOn} AND m.reminder = ${REMINDER_SQL(daysLeft)})
      ORDER BY t.expires_at`);
  }

  /** False when another process marked it first (it blocks on the key until that one ends). */
  async markSent(kind: 'authorisation' | 'api_token', ids: string[], expiresOn: string, reminder: ExpiryReminder, db: Queryable): Promise<boolean> {
    const marked = await rows<{ subject_id: string }>(
      db,
      `INSERT INTO expiry_reminders_sent (subject_kind, subject_id, expires_on, reminder)
       SELECT $1, unnest($2::uuid[]), $3::date, $4 ON CONFLICT DO NOTHING RETURNING subject_id`,
      [kind, ids, expiresOn, reminder],
    );
    return marked.length > 0;
  }
}
