import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { UsageEventKind } from '@datahub/domain';
import { firstRow, rows, type Queryable } from '../database/queryable';
import type { ActivePerWeekView, DatasetUseView, SatisfactionView, SubjectViewsView, VisitsPerDayView } from './insight.views';

/** The page patterns whose views count per dataset and per application. */
export const DATASET_ROUTE = '/dataset/:slug';
export const APPLICATION_ROUTE = '/applicatie/:slug';

/** A page view names a dataset or application by slug, resolved to its id on writing. */
export interface UsageEventRow {
  kind: UsageEventKind;
  route: string | null;
  subjectId: string | null;
  subjectSlug: string | null;
  userId: string;
  organizationId: string;
  occurredAt: Date;
}

const WINDOW = `occurred_at >= date_trunc('day', now()) - make_interval(days => $1 - 1)`;

@Injectable()
export class InsightRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  visitsPerDay(days: number, db: Queryable = this.dataSource): Promise<VisitsPerDayView[]> {
    return rows(
      db,
      `SELECT to_char(date_trunc('day', occurred_at), 'YYYY-MM-DD') AS day, count(*)::int AS visits
       FROM usage_events WHERE kind = 'VISIT' AND ${WINDOW} GROUP BY 1 ORDER BY 1`,
      [days],
    );
  }

  activePerWeek(days: number, db: Queryable = this.dataSource): Promise<ActivePerWeekView[]> {
    return rows(
      db,
      `SELECT to_char(date_trunc('week', occurred_at), 'YYYY-MM-DD') AS week,
              count(DISTINCT user_id)::int AS users, count(DISTINCT organization_id)::int AS organizations
       FROM usage_events WHERE ${WINDOW} GROUP BY 1 ORDER BY 1`,
      [days],
    );
  }

  topDatasets(days: number, db: Queryable = this.dataSource): Promise<SubjectViewsView[]> {
    return rows(
      db,
      `SELECT COALESCE(NULLIF(d.name, ''), d.slug) AS name, count(*)::int AS views FROM usage_events e JOIN datasets d ON d.id = e.subject_id
       WHERE e.kind = 'PAGE_VIEW' AND e.route = '${DATASET_ROUTE}' AND ${WINDOW.replace('occurred_at', 'e.occurred_at')}
       GROUP BY d.id ORDER BY views DESC, 1 LIMIT 10`,
      [days],
    );
  }

  topApplications(days: number, db: Queryable = this.dataSource): Promise<SubjectViewsView[]> {
    return rows(
      db,
      `SELECT a.name, count(*)::int AS views FROM usage_events e JOIN applications a ON a.id = e.subject_id
       WHERE e.kind = 'PAGE_VIEW' AND e.route = '${APPLICATION_ROUTE}' AND ${WINDOW.replace('occurred_at', 'e.occurred_at')}
       GROUP BY a.id, a.name ORDER BY views DESC, a.name LIMIT 10`,
      [days],
    );
  }

  datasetUse(organizationId: string | null, days: number, db: Queryable = this.dataSource): Promise<DatasetUseView[]> {
    return rows(
      db,
      `SELECT d.id AS dataset_id, COALESCE(NULLIF(d.name, ''), d.slug) AS name,
              count(*) FILTER (WHERE e.kind = 'DATASET_QUERIED')::int AS queries,
              count(*) FILTER (WHERE e.kind = 'XML_DOWNLOADED')::int AS downloads
       FROM usage_events e JOIN datasets d ON d.id = e.subject_id JOIN datasources s ON s.id = d.datasource_id
       WHERE e.kind IN ('DATASET_QUERIED', 'XML_DOWNLOADED')
         AND e.occurred_at >= date_trunc('day', now()) - make_interval(days => $1 - 1)
         AND ($2::uuid IS NULL OR s.organization_id = $2)
       GROUP BY d.id ORDER BY count(*) DESC, 2 LIMIT 20`,
      [days, organizationId],
    );
  }

  satisfaction(days: number, db: Queryable = this.dataSource): Promise<SatisfactionView[]> {
    return rows(
      db,
      `SELECT score, count(*)::int AS count FROM ratings
       WHERE score IS NOT NULL AND created_at >= date_trunc('day', now()) - make_interval(days => $1 - 1) GROUP BY score ORDER BY score`,
      [days],
    );
  }

  async ratedRecently(userId: string, days: number, db: Queryable = this.dataSource): Promise<boolean> {
    const row = await firstRow<{ recent: boolean }>(
      db,
      'SELECT EXISTS (SELECT 1 FROM ratings WHERE user_id = $1 AND created_at > now() - make_interval(days => $2)) AS recent',
      [userId, days],
    );
    return row!.recent;
  }

  async insertRating(
    rating: { userId: string; organizationId: string; score: number | null; maxRating: number; comment: string | null },
    db: Queryable = this.dataSource,
  ): Promise<void> {
    await db.query('INSERT INTO ratings (user_id, organization_id, score, max_rating, comment) VALUES ($1, $2, $3, $4, $5)', [
      rating.userId,
      rating.organizationId,
      rating.score,
      rating.maxRating,
      rating.comment,
    ]);
  }

  /** Answers the sessions not marked before: their first page view makes a VISIT. */
  async markVisits(sessions: string[], db: Queryable = this.dataSource): Promise<string[]> {
    const fresh = await rows<{ session_id: string }>(
      db,
      'INSERT INTO session_visits (session_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING RETURNING session_id',
      [sessions],
    );
    return fresh.map((row) => row.session_id);
  }

  async insertUsageEvents(events: UsageEventRow[], db: Queryable = this.dataSource): Promise<void> {
    await db.query(
      `INSERT INTO usage_events (kind, route, subject_id, user_id, organization_id, occurred_at)
       SELECT e.kind, e.route,
              COALESCE(e.subject_id, CASE e.route WHEN '${DATASET_ROUTE}' THEN (SELECT id FROM datasets WHERE slug = e.slug)
                                                  WHEN '${APPLICATION_ROUTE}' THEN (SELECT id FROM applications WHERE slug = e.slug) END),
              e.user_id, e.organization_id, e.occurred_at
       FROM unnest($1::text[], $2::text[], $3::uuid[], $4::uuid[], $5::uuid[], $6::timestamptz[], $7::text[])
            AS e(kind, route, subject_id, user_id, organization_id, occurred_at, slug)`,
      [
        events.map((row) => row.kind),
        events.map((row) => row.route),
        events.map((row) => row.subjectId),
        events.map((row) => row.userId),
        events.map((row) => row.organizationId),
        events.map((row) => row.occurredAt.toISOString()),
        events.map((row) => row.subjectSlug),
      ],
    );
  }

  async purge(months: number, db: Queryable = this.dataSource): Promise<number> {
    const [, deleted] = await db.query('DELETE FROM usage_events WHERE occurred_at < now() - make_interval(months => $1)', [months]);
    await db.query('DELETE FROM session_visits WHERE recorded_at < now() - make_interval(months => $1)', [months]);
    return Number(deleted ?? 0);
  }
}
