import type { EntityManager } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import type { ApiTokensRepository } from './api-tokens.repository';

export type PersonalTokenRevocation = 'password_reset' | 'password_change' | 'two_factor_enabled' | 'left_organization';

type Actor = Pick<AuthenticatedUser, 'id' | 'email' | 'organizationId'> & Partial<Pick<AuthenticatedUser, 'clientAddress' | 'apiToken'>>;

/** In the caller's transaction with an audit row each; the caller awaits `ChangeNotifications.sync()` after commit. */
export async function revokePersonalTokens(
  manager: EntityManager,
  { apiTokens, audit }: { apiTokens: ApiTokensRepository; audit: AuditService },
  actor: Actor,
  userId: string,
  because: PersonalTokenRevocation,
  organizationId?: string,
): Promise<number> {
  const rows = await apiTokens.revokePersonal(userId, organizationId, manager);
  for (const row of rows)
    await audit.record(manager, actor, {
      kind: 'api_token.revoked',
      organizationId: row.organization_id,
      subjectId: row.id,
      before: { name: row.name, kind: 'personal' },
      after: { revoked_because: because },
    });
  return rows.length;
}
