import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, type Queryable } from '../database/queryable';

export interface PendingSignupRow {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  password_hash: string;
}

@Injectable()
export class SignupVerificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(
    pending: { email: string; firstname: string; lastname: string; passwordHash: string },
    tokenHash: string,
    ttlHours: number,
    db: Queryable = this.dataSource,
  ): Promise<void> {
    await db.query('DELETE FROM signup_verifications WHERE expires_at <= now()');
    await db.query(
      `INSERT INTO signup_verifications (email, firstname, lastname, password_hash, token_hash, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6))`,
      [pending.email, pending.firstname, pending.lastname, pending.passwordHash, tokenHash, ttlHours],
    );
  }

  /** The older link stops working; null when no sign-up is open. */
  async renewNewest(email: string, tokenHash: string, ttlHours: number, db: Queryable = this.dataSource): Promise<string | null> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [renewed]: [{ firstname: string }[], number] = await db.query(
      `UPDATE signup_verifications SET token_hash = $2, expires_at = now() + make_interval(hours => $3)
        WHERE id = (SELECT id FROM signup_verifications WHERE email = $1 AND expires_at > now() ORDER BY created_at DESC LIMIT 1)
        RETURNING firstname`,
      [email, tokenHash, ttlHours],
    );
    return renewed[0]?.firstname ?? null;
  }

  async liveEmail(tokenHash: string, db: Queryable = this.dataSource): Promise<string | null> {
    const row = await firstRow<{ email: string }>(db, 'SELECT email FROM signup_verifications WHERE token_hash = $1 AND expires_at > now()', [tokenHash]);
    return row?.email ?? null;
  }

  /** The link's open sign-up, locked until the transaction ends so it is used once. */
  lockLive(tokenHash: string, db: Queryable = this.dataSource): Promise<PendingSignupRow | null> {
    return firstRow<PendingSignupRow>(
      db,
      `SELECT id, email, firstname, lastname, password_hash FROM signup_verifications
        WHERE token_hash = $1 AND expires_at > now() FOR UPDATE`,
      [tokenHash],
    );
  }

  async deleteFor(email: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM signup_verifications WHERE email = $1', [email]);
  }
}
