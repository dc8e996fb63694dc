import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, rows, type Queryable } from '../database/queryable';

export interface OpenInvitation {
  id: string;
  email: string;
  organization_id: string;
  expires_at: Date;
}

const OPEN = 'SELECT id, email, organization_id, expires_at FROM invitations';

@Injectable()
export class InvitationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  account(email: string, db: Queryable = this.dataSource): Promise<{ organization_id: string } | null> {
    return firstRow(db, 'SELECT organization_id FROM users WHERE lower(email) = $1', [email]);
  }

  /** A new invitation replaces an open one to the same address. */
  async deleteOpenTo(organizationId: string, email: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM invitations WHERE organization_id = $1 AND email = $2 AND accepted_at IS NULL', [organizationId, email]);
  }

  async insert(
    invitation: { organizationId: string; email: string; tokenHash: string; invitedBy: string; ttlDays: number },
    db: Queryable = this.dataSource,
  ): Promise<string> {
    const row = await firstRow<{ id: string }>(
      db,
      `INSERT INTO invitations (organization_id, email, token_hash, invited_by, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(days => $5)) RETURNING id`,
      [invitation.organizationId, invitation.email, invitation.tokenHash, invitation.invitedBy, invitation.ttlDays],
    );
    return row!.id;
  }

  pending(organizationId: string, db: Queryable = this.dataSource): Promise<{ id: string; email: string; created_at: Date; expires_at: Date }[]> {
    return rows(
      db,
      `SELECT id, email, created_at, expires_at FROM invitations
        WHERE organization_id = $1 AND accepted_at IS NULL AND expires_at > now()
        ORDER BY created_at DESC, email`,
      [organizationId],
    );
  }

  lockUnaccepted(id: string, db: Queryable): Promise<OpenInvitation | null> {
    return firstRow<OpenInvitation>(db, `${OPEN} WHERE id = $1 AND accepted_at IS NULL FOR UPDATE`, [id]);
  }

  openByTokenHash(tokenHash: string, lock: boolean, db: Queryable = this.dataSource): Promise<OpenInvitation | null> {
    return firstRow<OpenInvitation>(db, `${OPEN} WHERE token_hash = $1 AND accepted_at IS NULL AND expires_at > now()${lock ? ' FOR UPDATE' : ''}`, [tokenHash]);
  }

  async delete(id: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM invitations WHERE id = $1', [id]);
  }

  async renew(id: string, renewal: { tokenHash: string; ttlDays: number; invitedBy: string }, db: Queryable = this.dataSource): Promise<void> {
    await db.query(
      `UPDATE invitations SET token_hash = $2, created_at = now(), expires_at = now() + make_interval(days => $3), invited_by = $4
        WHERE id = $1`,
      [id, renewal.tokenHash, renewal.ttlDays, renewal.invitedBy],
    );
  }

  async times(id: string, db: Queryable = this.dataSource): Promise<{ created_at: Date; expires_at: Date }> {
    return (await firstRow<{ created_at: Date; expires_at: Date }>(db, 'SELECT created_at, expires_at FROM invitations WHERE id = $1', [id]))!;
  }

  async markAccepted(id: string, acceptedBy: string | null, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1', [id, acceptedBy]);
  }

  async markAcceptedBy(tokenHash: string, userId: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE invitations SET accepted_by = $2 WHERE token_hash = $1', [tokenHash, userId]);
  }
}
