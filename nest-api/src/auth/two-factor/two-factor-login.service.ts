import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TWO_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_CHALLENGE_TRIES, TWO_FACTOR_DETAILS } from '@datahub/domain';
import { AuditService } from '../../audit/audit.service';
import { ApiError } from '../../common/errors';
import type { Queryable } from '../../database/queryable';
import { AuthService } from '../auth.service';
import { TokenService, type IssuedToken } from '../token.service';
import { SecondFactorCheck } from './second-factor';
import { TwoFactorRepository, type ChallengeRow } from './two-factor.repository';

export interface TwoFactorChallenge {
  status: 'two_factor_required';
  challenge: string;
  expires_at: string;
}

/** ADR 0032: a right password yields a five-minute single-use token (kept as a keyed hash); wrong codes count against the password limits and their own cap. */
@Injectable()
export class TwoFactorLoginService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly check: SecondFactorCheck,
    private readonly auth: AuthService,
    private readonly tokens: TokenService,
    private readonly audit: AuditService,
    private readonly twoFactor: TwoFactorRepository,
  ) {}

  async signInOrChallenge(user: { id: string; email: string; firstname: string; lastname: string }): Promise<IssuedToken | TwoFactorChallenge> {
    const row = await this.check.row(this.dataSource, user.id);
    if (!row?.enabled_at) return this.tokens.issue(user);
    const challenge = randomBytes(32).toString('base64url');
    const expiresAt = await this.twoFactor.insertChallenge(user.id, this.check.hasher.hash(challenge), TWO_FACTOR_CHALLENGE_MINUTES);
    return { status: 'two_factor_required', challenge, expires_at: expiresAt.toISOString() };
  }

  async complete(challenge: string, code: string, address: string): Promise<IssuedToken> {
    const tokenHash = this.check.hasher.hash(challenge);
    const live = await this.liveChallenge(this.dataSource, tokenHash, false);
    // Counted like a password attempt, and against the account's own cap on wrong codes (any address, any challenge).
    const factor = await this.auth.signInAttempt(live.email, address, 'code', () => this.dataSource.transaction(async (manager) => {
      const row = await this.liveChallenge(manager, tokenHash, true);
      const spent = await this.check.spend(manager, row.user_id, code);
      if (!spent) {
        await this.twoFactor.countChallengeFailure(row.id, manager);
        return null;
      }
      await this.twoFactor.useChallenge(row.id, manager);
      if (spent === 'recovery') {
        const actor = { id: row.user_id, email: row.email, organizationId: row.organization_id, clientAddress: address };
        await this.audit.record(manager, actor, { kind: 'two_factor.recovery_code_used', organizationId: row.organization_id, subjectId: row.user_id });
      }
      return spent;
    }));
    if (!factor) throw new ApiError(HttpStatus.UNAUTHORIZED, TWO_FACTOR_DETAILS.invalidCode);
    return this.tokens.issue({ id: live.user_id, email: live.email, firstname: live.firstname, lastname: live.lastname });
  }

  private async liveChallenge(db: Queryable, tokenHash: string, lock: boolean): Promise<ChallengeRow> {
    const row = await this.twoFactor.liveChallenge(tokenHash, TWO_FACTOR_CHALLENGE_TRIES, lock, db);
    if (!row) throw new ApiError(HttpStatus.UNAUTHORIZED, TWO_FACTOR_DETAILS.challengeInvalid);
    return row;
  }
}
