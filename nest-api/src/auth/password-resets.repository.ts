import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, type Queryable } from '../database/queryable';

export interface LiveResetRow {
  reset_id: string;
  id: string;
  email: string;
  firstname: string;
  password_hash: string | null;
  organization_id: string;
}

const LIVE = 'r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now()';

@Injectable()
export class PasswordResetsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async liveEmail(tokenHash: string, db: Queryable = this.dataSource): Promise<string | null> {
    const row = await firstRow<{ email: string }>(db, `SELECT u.email FROM password_resets r JOIN users u ON u.id = r.user_id WHERE ${LIVE}`, [tokenHash]);
    return row?.email ?? null;
  }

  /** The link's account, its row locked until the transaction ends so it is used once. */
  lockLive(tokenHash: string, db: Queryable = this.dataSource): Promise<LiveResetRow | null> {
    return firstRow<LiveResetRow>(
      db,
      `SELECT r.id AS reset_id, u.id, u.email, u.firstname, u.password_hash, u.organization_id FROM password_resets r JOIN users u ON u.id = r.user_id
        WHERE ${LIVE} FOR UPDATE OF r`,
      [tokenHash],
    );
  }

  async useAllOf(userId: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
  }

  async replaceSpentWith(userId: string, tokenHash: string, ttlMinutes: number, db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM password_resets WHERE expires_at <= now() OR used_at IS NOT NULL');
    await db.query(`INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`, [
      userId,
      tokenHash,
      ttlMinutes,
    ]);
  }
}
