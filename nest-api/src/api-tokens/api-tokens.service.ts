import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { amsterdamToday, API_TOKEN_LABELS, DETAILS, MAX_API_TOKEN_DAYS, MAX_LIVE_API_TOKENS } from '@datahub/domain';
import { SessionCache } from '../auth/session-cache';
import { AuditService } from '../audit/audit.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import type { ApiTokenView, CreateApiTokenDto, CreatedApiTokenView, MemberApiTokenView } from './api-token.dto';
import { hashApiTokenSecret, newApiTokenSecret } from './api-token-secret';

/** Whose tokens: a user's personal ones (in their organisation), or an organisation's. */
export type TokenOwner = { kind: 'personal'; userId: string; organizationId: string } | { kind: 'organization'; organizationId: string };

interface ViewRow {
  id: string;
  kind: string;
  name: string;
  scopes: string[];
  created_by_name: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  last_used_address: string | null;
}

const COLUMNS = 'id, kind, name, scopes, created_by_name, created_at, expires_at, last_used_at, last_used_address';

function ownerClause(owner: TokenOwner): { where: string; values: string[] } {
  return owner.kind === 'personal'
    ? { where: `kind = 'personal' AND user_id = $1 AND organization_id = $2`, values: [owner.userId, owner.organizationId] }
    : { where: `kind = 'organization' AND organization_id = $1`, values: [owner.organizationId] };
}

function viewOf(row: ViewRow): ApiTokenView {
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

/** The last day (Europe/Amsterdam) the token is valid through: one of the fixed periods, or a date within a year. */
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

/** Creating, listing and revoking API tokens (ADR 0017); using them is ApiTokenAuthService. */
@Injectable()
export class ApiTokensService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionCache,
    private readonly audit: AuditService,
  ) {}

  async list(owner: TokenOwner): Promise<ApiTokenView[]> {
    const { where, values } = ownerClause(owner);
    const rows: ViewRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM api_tokens WHERE ${where} AND revoked_at IS NULL AND expires_at > now() ORDER BY created_at DESC, id`,
      values,
    );
    return rows.map(viewOf);
  }

  async create(owner: TokenOwner, actor: AuthenticatedUser, input: CreateApiTokenDto): Promise<CreatedApiTokenView> {
    const lastDay = lastDayOf(input);
    const scopes = [...new Set(input.scopes)];
    const secret = newApiTokenSecret();
    const { where, values } = ownerClause(owner);
    const row = await this.dataSource.transaction(async (manager) => {
      // One creation per owner at a time, so two at once cannot both pass the count.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`api-tokens:${values.join(':')}`]);
      const [{ live }] = await manager.query(
        `SELECT count(*)::int AS live FROM api_tokens WHERE ${where} AND revoked_at IS NULL AND expires_at > now()`,
        values,
      );
      if (live >= MAX_LIVE_API_TOKENS) throw new ApiError(HttpStatus.CONFLICT, DETAILS.tokenLimit);
      const [inserted]: ViewRow[] = await manager.query(
        `INSERT INTO api_tokens (kind, secret_hash, name, scopes, organization_id, user_id, created_by, created_by_name, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, (($9::date + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam'))
         RETURNING ${COLUMNS}`,
        [
          owner.kind,
          hashApiTokenSecret(secret),
          input.name,
          scopes,
          owner.organizationId,
          owner.kind === 'personal' ? owner.userId : null,
          actor.id,
          `${actor.firstname} ${actor.lastname}`.trim() || actor.email,
          lastDay,
        ],
      );
      await this.audit.record(manager, actor, {
        kind: 'api_token.created', organizationId: owner.organizationId, subjectId: inserted.id,
        after: { name: input.name, kind: owner.kind, scopes, expires_on: lastDay },
      });
      return inserted;
    });
    return { ...viewOf(row), token: secret };
  }

  /** Revoked for every API process before this answers (the notification is awaited, ADR 0013). */
  async revoke(owner: TokenOwner, actor: AuthenticatedUser, id: string): Promise<void> {
    const { where, values } = ownerClause(owner);
    await this.dataSource.transaction(async (manager) => {
      // TypeORM answers an UPDATE with [rows, affected].
      const [rows, affected]: [{ id: string; name: string; kind: string }[], number] = await manager.query(
        `UPDATE api_tokens SET revoked_at = now() WHERE ${where} AND id = $${values.length + 1} AND revoked_at IS NULL RETURNING id, name, kind`,
        [...values, id],
      );
      if (affected === 0) throw ApiError.notFound();
      await this.audit.record(manager, actor, { kind: 'api_token.revoked', organizationId: owner.organizationId, subjectId: id, before: { name: rows[0].name, kind: rows[0].kind } });
    });
    await this.sessions.sync();
  }

  /**
   * The live personal tokens of the organisation's current members (issue 32): they read the
   * organisation's data as that member, so its owners see them. Never the secret or its hash.
   */
  async listMembers(organizationId: string): Promise<MemberApiTokenView[]> {
    const rows: (ViewRow & { user_id: string; firstname: string; lastname: string; email: string })[] = await this.dataSource.query(
      `SELECT ${COLUMNS.split(', ').map((column) => `t.${column}`).join(', ')}, t.user_id, u.firstname, u.lastname, u.email
         FROM api_tokens t JOIN users u ON u.id = t.user_id AND u.organization_id = t.organization_id
        WHERE t.kind = 'personal' AND t.organization_id = $1 AND t.revoked_at IS NULL AND t.expires_at > now()
        ORDER BY u.email, t.created_at DESC, t.id`,
      [organizationId],
    );
    return rows.map((row) => ({
      ...viewOf(row),
      member_id: row.user_id,
      member_name: `${row.firstname} ${row.lastname}`.trim() || row.email,
      member_email: row.email,
    }));
  }

  /** Revokes one member's personal token of this organisation; 404 for any other token. Audited with the member's address. */
  async revokeMember(actor: AuthenticatedUser, organizationId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [rows]: [{ name: string; email: string | null }[], number] = await manager.query(
        `UPDATE api_tokens t SET revoked_at = now() FROM users u
          WHERE t.id = $2 AND t.kind = 'personal' AND t.organization_id = $1 AND t.revoked_at IS NULL AND u.id = t.user_id AND u.organization_id = t.organization_id
          RETURNING t.name, u.email`,
        [organizationId, id],
      );
      if (rows.length === 0) throw ApiError.notFound();
      await this.audit.record(manager, actor, {
        kind: 'api_token.revoked', organizationId, subjectId: id, before: { name: rows[0].name, kind: 'personal', email: rows[0].email },
      });
    });
    await this.sessions.sync();
  }
}
