import { ROLE_PERMISSIONS, ROLES, type ExpiryReminder, type Permission } from '@datahub/domain';
import type { EntityManager } from 'typeorm';

/** Today in Europe/Amsterdam: machtigingen are valid through their date there. */
export const AMSTERDAM_TODAY = `(now() AT TIME ZONE 'Europe/Amsterdam')::date`;
/** Ended reminders are still sent this many days late (after downtime), never for older ones. */
export const ENDED_GRACE_DAYS = 7;

/** Which reminder is due, from the days left until the last valid day (-1: ended yesterday). */
export const REMINDER_SQL = (daysLeft: string) =>
  `CASE WHEN ${daysLeft} < 0 THEN 'ended' WHEN ${daysLeft} <= 3 THEN '3d' ELSE '14d' END`;

export function rolesWith(permission: Permission): string[] {
  return ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}

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

/** Grants (grouped per dataset, receiver and end date) with a reminder due and not yet sent. */
export function dueAuthorisations(manager: EntityManager): Promise<DueAuthorisation[]> {
  const daysLeft = `(a.expiration_date - ${AMSTERDAM_TODAY})`;
  return manager.query(`
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

export interface DueApiToken {
  id: string;
  name: string;
  kind: 'personal' | 'organization';
  organization_id: string;
  user_id: string | null;
  expires_on: string;
  reminder: ExpiryReminder;
}

/** Live (not revoked) API tokens with a reminder due and not yet sent. */
export function dueApiTokens(manager: EntityManager): Promise<DueApiToken[]> {
  const expiresOn = `(t.expires_at AT TIME ZONE 'Europe/Amsterdam')::date`;
  const daysLeft = `(${expiresOn} - ${AMSTERDAM_TODAY})`;
  return manager.query(`
    SELECT t.id, t.name, t.kind, t.organization_id, t.user_id, ${expiresOn}::text AS expires_on, ${REMINDER_SQL(daysLeft)} AS reminder
    FROM api_tokens t
    WHERE t.revoked_at IS NULL AND ${daysLeft} BETWEEN -${ENDED_GRACE_DAYS} AND 14
      AND NOT EXISTS (SELECT 1 FROM expiry_reminders_sent m WHERE m.subject_kind = 'api_token' AND m.subject_id = t.id
                        AND m.expires_on = ${expiresOn} AND m.reminder = ${REMINDER_SQL(daysLeft)})
    ORDER BY t.expires_at`);
}
