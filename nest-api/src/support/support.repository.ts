import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, rows, type Queryable } from '../database/queryable';
import type { SupportRequestView } from './support.views';

@Injectable()
export class SupportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async secondsUntilSlot(userId: string, perHour: number, db: Queryable = this.dataSource): Promise<number | null> {
    const row = await firstRow<{ wait: number }>(
      db,
      `SELECT EXTRACT(EPOCH FROM (created_at + interval '1 hour' - now()))::float AS wait
       FROM support_requests WHERE user_id = $1 AND created_at > now() - interval '1 hour'
       ORDER BY created_at DESC OFFSET $2 - 1 LIMIT 1`,
      [userId, perHour],
    );
    return row ? row.wait : null;
  }

  async insert(
    request: { userId: string; organizationId: string; email: string; organizationName: string; kind: string; summary: string; description: string },
    db: Queryable = this.dataSource,
  ): Promise<string> {
    const row = await firstRow<{ id: string }>(
      db,
      `INSERT INTO support_requests (user_id, organization_id, email, organization_name, kind, summary, description)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [request.userId, request.organizationId, request.email, request.organizationName, request.kind, request.summary, request.description],
    );
    return row!.id;
  }

  async insertAttachment(requestId: string, attachment: { filename: string; contentType: string; data: Buffer }, db: Queryable = this.dataSource): Promise<void> {
    await db.query('INSERT INTO support_attachments (request_id, filename, content_type, data) VALUES ($1, $2, $3, $4)', [
      requestId,
      attachment.filename,
      attachment.contentType,
      attachment.data,
    ]);
  }

  list(db: Queryable = this.dataSource): Promise<SupportRequestView[]> {
    return rows(
      db,
      `SELECT r.id AS support_request_id, r.kind, r.summary, r.description, r.email, r.organization_name, r.status, r.created_at,
              COALESCE(json_agg(json_build_object('attachment_id', a.id, 'filename', a.filename, 'content_type', a.content_type, 'size', length(a.data))
                       ORDER BY a.filename) FILTER (WHERE a.id IS NOT NULL), '[]') AS attachments
       FROM support_requests r LEFT JOIN support_attachments a ON a.request_id = r.id
       GROUP BY r.id ORDER BY (r.status = 'open') DESC, r.created_at DESC LIMIT 500`,
    );
  }

  async setStatus(id: string, status: 'open' | 'closed', db: Queryable = this.dataSource): Promise<boolean> {
    const [, updated] = await db.query('UPDATE support_requests SET status = $2 WHERE id = $1', [id, status]);
    return Boolean(updated);
  }

  attachment(requestId: string, attachmentId: string, db: Queryable = this.dataSource): Promise<{ filename: string; content_type: string; data: Buffer } | null> {
    return firstRow(db, 'SELECT filename, content_type, data FROM support_attachments WHERE id = $1 AND request_id = $2', [attachmentId, requestId]);
  }
}
