import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config';
import { SecretBox } from '../../common/secret-box';
import { CodeHasher, normalizeRecoveryCode } from './recovery-codes';
import { isTotpShaped, matchingStep } from './totp';

export type SecondFactor = 'totp' | 'recovery';

interface TwoFactorRow {
  secret_sealed: string;
  enabled_at: Date | null;
  last_step: string | null;
}

/**
 * Checks a code against a user's second factor inside the caller's transaction (the row is locked,
 * so two requests cannot both spend the same code). A TOTP code counts only for a time step after
 * the last one used; a recovery code is spent by using it.
 */
@Injectable()
export class SecondFactorCheck {
  readonly box: SecretBox;
  readonly hasher: CodeHasher;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.box = new SecretBox(config.encryptionKey);
    this.hasher = new CodeHasher(config.encryptionKey);
  }

  async row(manager: EntityManager, userId: string, lock = false): Promise<TwoFactorRow | undefined> {
    const rows: TwoFactorRow[] = await manager.query(
      `SELECT secret_sealed, enabled_at, last_step FROM user_two_factor WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [userId],
    );
    return rows[0];
  }

  /**
   * A current TOTP code, without spending its step: enrolment's confirmation, typed in a session
   * that is already signed in, proves the app works; it is no sign-in, so the sign-in right after
   * may use the same code (once: that spends the step). Issue 37.
   */
  matchesTotp(row: TwoFactorRow, code: string): boolean {
    return matchingStep(this.box.open(row.secret_sealed), code) !== null;
  }

  /** A current TOTP code not used before: the step it belongs to becomes the last one used. */
  async spendTotp(manager: EntityManager, userId: string, row: TwoFactorRow, code: string): Promise<boolean> {
    const step = matchingStep(this.box.open(row.secret_sealed), code);
    if (step === null || (row.last_step !== null && step <= Number(row.last_step))) return false;
    await manager.query('UPDATE user_two_factor SET last_step = $2 WHERE user_id = $1', [userId, step]);
    return true;
  }

  /** A code of an enabled second factor (TOTP or unused recovery code), spent; null when it is not one. */
  async spend(manager: EntityManager, userId: string, code: string): Promise<SecondFactor | null> {
    const row = await this.row(manager, userId, true);
    if (!row?.enabled_at) return null;
    const typed = code.trim().replace(/\s/g, '');
    if (isTotpShaped(typed)) return (await this.spendTotp(manager, userId, row, typed)) ? 'totp' : null;
    const recovery = normalizeRecoveryCode(code);
    if (!recovery) return null;
    // An UPDATE answers [rows, count].
    const [, count]: [unknown[], number] = await manager.query(
      'UPDATE two_factor_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
      [userId, this.hasher.hash(recovery)],
    );
    return count > 0 ? 'recovery' : null;
  }
}
