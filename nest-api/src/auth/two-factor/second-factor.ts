import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config';
import { SecretBox } from '../../common/secret-box';
import type { Queryable } from '../../database/queryable';
import { CodeHasher, normalizeRecoveryCode } from './recovery-codes';
import { isTotpShaped, matchingStep } from './totp';
import { TwoFactorRepository, type TwoFactorRow } from './two-factor.repository';

export type SecondFactor = 'totp' | 'recovery';

/** In the caller's transaction, row locked, so two requests cannot spend one code; a TOTP code counts only after the last step used. */
@Injectable()
export class SecondFactorCheck {
  readonly box: SecretBox;
  readonly hasher: CodeHasher;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly twoFactor: TwoFactorRepository,
  ) {
    this.box = new SecretBox(config.encryptionKey);
    this.hasher = new CodeHasher(config.encryptionKey);
  }

  row(manager: Queryable, userId: string, lock = false): Promise<TwoFactorRow | null> {
    return this.twoFactor.secret(userId, lock, manager);
  }

  /** Enrolment's confirmation is no sign-in, so the sign-in right after may use the same code once. */
  matchesTotp(row: TwoFactorRow, code: string): boolean {
    return matchingStep(this.box.open(row.secret_sealed), code) !== null;
  }

  async spendTotp(manager: Queryable, userId: string, row: TwoFactorRow, code: string): Promise<boolean> {
    const step = matchingStep(this.box.open(row.secret_sealed), code);
    if (step === null || (row.last_step !== null && step <= Number(row.last_step))) return false;
    await this.twoFactor.setLastStep(userId, step, manager);
    return true;
  }

  async spend(manager: Queryable, userId: string, code: string): Promise<SecondFactor | null> {
    const row = await this.row(manager, userId, true);
    if (!row?.enabled_at) return null;
    const typed = code.trim().replace(/\s/g, '');
    if (isTotpShaped(typed)) return (await this.spendTotp(manager, userId, row, typed)) ? 'totp' : null;
    const recovery = normalizeRecoveryCode(code);
    if (!recovery) return null;
    return (await this.twoFactor.spendRecoveryCode(userId, this.hasher.hash(recovery), manager)) ? 'recovery' : null;
  }
}
