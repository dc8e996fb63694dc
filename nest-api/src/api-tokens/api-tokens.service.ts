import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { amsterdamToday, API_TOKEN_LABELS, DETAILS, MAX_API_TOKEN_DAYS, MAX_LIVE_API_TOKENS } from '@datahub/domain';
import { ChangeNotifications } from '../cache/change-notifications';
import { AuditService } from '../audit/audit.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import type { ApiTokenView, CreateApiTokenDto, CreatedApiTokenView, MemberApiTokenView } from './api-token.dto';
import { hashApiTokenSecret, newApiTokenSecret } from './api-token-secret';
import { ApiTokensRepository, type TokenOwner, type TokenViewRow } from './api-tokens.repository';

export type { TokenOwner } from './api-tokens.repository';

function viewOf(row: TokenViewRow): ApiTokenView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    scopes: row.scopes,
    created_by: row.created_by_name,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    last_used_address: row.last_used_address,
  };
}

function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Europe/Amsterdam: one of the fixed periods, or a date within a year. */
function lastDayOf(input: CreateApiTokenDto): string {
  const today = amsterdamToday();
  const invalid = () => ApiError.validation({ expires_in_days: API_TOKEN_LABELS.expiryInvalid });
  if ((input.expires_in_days === undefined) === (input.expires_on === undefined)) throw invalid();
  if (input.expires_in_days !== undefined) return addDays(today, input.expires_in_days);
  const day = input.expires_on!;
  if (Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || addDays(day, 0) !== day) throw invalid();
  if (day <= today || day > addDays(today, MAX_API_TOKEN_DAYS)) throw invalid();
  return day;
}

/** ADR 0017; using them is ApiTokenAuthService. */
@Injectable()
export class ApiTokensService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: ChangeNotifications,
    private readonly audit: AuditService,
    private readonly tokens: ApiTokensRepository,
  ) {}

  async list(owner: TokenOwner): Promise<ApiTokenView[]> {
    return (await this.tokens.live(owner)).map(viewOf);
  }

  async create(owner: TokenOwner, actor: AuthenticatedUser, input: CreateApiTokenDto): Promise<CreatedApiTokenView> {
    const lastDay = lastDayOf(input);
    const scopes = [...new Set(input.scopes)];
    const secret = newApiTokenSecret();
    const row = await this.dataSource.transaction(async (manager) => {
      // One creation per owner at a time, so two at once cannot both pass the count.
      await this.tokens.lockOwner(owner, manager);
      const live = await this.tokens.liveCount(owner, manager);
      if (live >= MAX_LIVE_API_TOKENS) throw new ApiError(HttpStatus.CONFLICT, DETAILS.tokenLimit);
      const inserted = await this.tokens.insert(
        {
          owner,
          secretHash: hashApiTokenSecret(secret),
          name: input.name,
          scopes,
          createdBy: actor.id,
          createdByName: `${actor.firstname} ${actor.lastname}`.trim() || actor.email,
          lastDay,
        },
        manager,
      );
      await this.audit.record(manager, actor, {
        kind: 'api_token.created', organizationId: owner.organizationId, subjectId: inserted.id,
        after: { name: input.name, kind: owner.kind, scopes, expires_on: lastDay },
      });
      return inserted;
    });
    return { ...viewOf(row), token: secret };
  }

  /** Revoked for every API process before this answers (ADR 0013). */
  async revoke(owner: TokenOwner, actor: AuthenticatedUser, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const revoked = await this.tokens.revoke(owner, id, manager);
      if (!revoked) throw ApiError.notFound();
      await this.audit.record(manager, actor, { kind: 'api_token.revoked', organizationId: owner.organizationId, subjectId: id, before: { name: revoked.name, kind: revoked.kind } });
    });
    await this.changes.sync();
  }

  /** They read the organisation's data as that member, so its owners see them. Never the secret or its hash. */
  async listMembers(organizationId: string): Promise<MemberApiTokenView[]> {
    const rows = await this.tokens.liveOfMembers(organizationId);
    return rows.map((row) => ({
      ...viewOf(row),
      member_id: row.user_id,
      member_name: `${row.firstname} ${row.lastname}`.trim() || row.email,
      member_email: row.email,
    }));
  }

  /** 404 for any other token; audited with the member's address. */
  async revokeMember(actor: AuthenticatedUser, organizationId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const revoked = await this.tokens.revokeOfMember(organizationId, id, manager);
      if (!revoked) throw ApiError.notFound();
      await this.audit.record(manager, actor, {
        kind: 'api_token.revoked', organizationId, subjectId: id, before: { name: revoked.name, kind: 'personal', email: revoked.email },
      });
    });
    await this.changes.sync();
  }
}
