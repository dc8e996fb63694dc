import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, type Queryable } from '../../database/queryable';

export interface TwoFactorRow {
  secret_sealed: string;
  enabled_at: Date | null;
  last_step: string | null;
}

export interface TwoFactorStateRow {
  has_password: boolean;
  enabled: boolean;
  pending: boolean;
  left: number;
}

export interface ChallengeRow {
  id: string;
  user_id: string;
  email: string;
  firstname: string;
  lastname: string;
  organization_id: string;
}

@Injectable()
export class TwoFactorRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** With `lock`, the row stays locked until the transaction ends, so a code is spent once. */
  secret(userId: string, lock: boolean, db: Queryable = this.dataSource): Promise<TwoFactorRow | null> {
    return firstRow<TwoFactorRow>(db, `SELECT secret_sealed, enabled_at, last_step FROM user_two_factor WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`, [userId]);
  }

  state(userId: string, db: Queryable = this.dataSource): Promise<TwoFactorStateRow | null> {
    return firstRow<TwoFactorStateRow>(
      db,
      `SELECT u.password_hash IS NOT NULL AS has_password, t.enabled_at IS NOT NULL AS enabled,
              t.user_id IS NOT NULL AND t.enabled_at IS NULL AS pending,
              (SELECT count(*)::int FROM two_factor_recovery_codes r WHERE r.user_id = u.id AND r.used_at IS NULL) AS left
         FROM users u LEFT JOIN user_two_factor t ON t.user_id = u.id WHERE u.id = $1`,
      [userId],
    );
  }

  async startEnrolment(userId: string, secretSealed: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query(
      `INSERT INTO user_two_factor (user_id, secret_sealed) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, created_at = now(), last_step = NULL
       WHERE user_two_factor.enabled_at IS NULL`,
      [userId, secretSealed],
    );
  }

  async cancelEnrolment(userId: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM user_two_factor WHERE user_id = $1 AND enabled_at IS NULL', [userId]);
  }

  async enable(userId: string, recoveryCodeHashes: string[], db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE user_two_factor SET enabled_at = now() WHERE user_id = $1', [userId]);
    await db.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
    for (const hash of recoveryCodeHashes) await db.query('INSERT INTO two_factor_recovery_codes (user_id, code_hash) VALUES ($1, $2)', [userId, hash]);
  }

  async remove(userId: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM user_two_factor WHERE user_id = $1', [userId]);
    await db.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
  }

  async setLastStep(userId: string, step: number, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE user_two_factor SET last_step = $2 WHERE user_id = $1', [userId, step]);
  }

  async spendRecoveryCode(userId: string, codeHash: string, db: Queryable = this.dataSource): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [, count]: [unknown[], number] = await db.query(
      'UPDATE two_factor_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
      [userId, codeHash],
    );
    return count > 0;
  }

  /** Returns its expiry; challenges a day past theirs are dropped here. */
  async insertChallenge(userId: string, tokenHash: string, minutes: number, db: Queryable = this.dataSource): Promise<Date> {
    const row = await firstRow<{ expires_at: Date }>(
      db,
      `INSERT INTO two_factor_challenges (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING expires_at`,
      [userId, tokenHash, minutes],
    );
    await db.query(`DELETE FROM two_factor_challenges WHERE expires_at < now() - interval '1 day'`);
    return row!.expires_at;
  }

  /** An unused, unexpired challenge with fewer than `tries` wrong codes; `lock` holds its row until the transaction ends. */
  liveChallenge(tokenHash: string, tries: number, lock: boolean, db: Queryable = this.dataSource): Promise<ChallengeRow | null> {
    return firstRow<ChallengeRow>(
      db,
      `SELECT c.id, c.user_id, u.email, u.firstname, u.lastname, u.organization_id
         FROM two_factor_challenges c JOIN users u ON u.id = c.user_id
        WHERE c.token_hash = $1 AND c.used_at IS NULL AND c.expires_at > now() AND c.failures < $2${lock ? ' FOR UPDATE OF c' : ''}`,
      [tokenHash, tries],
    );
  }

  async countChallengeFailure(id: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE two_factor_challenges SET failures = failures + 1 WHERE id = $1', [id]);
  }

  async useChallenge(id: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE two_factor_challenges SET used_at = now() WHERE id = $1', [id]);
  }
}
