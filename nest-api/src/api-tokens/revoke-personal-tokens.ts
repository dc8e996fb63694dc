import type { EntityManager } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { AuthenticatedUser } from '../common/authenticated-user';

/** Why a user's personal tokens were revoked without the user revoking each (issue 32); the Logboek shows it in Dutch. */
export type PersonalTokenRevocation = 'password_reset' | 'password_change' | 'two_factor_enabled' | 'left_organization';

type Actor = Pick<AuthenticatedUser, 'id' | 'email' | 'organizationId'> & Partial<Pick<AuthenticatedUser, 'clientAddress' | 'apiToken'>>;

/**
 * Revokes the live personal API tokens of `userId` (only those acting on `organizationId` when
 * given) inside the caller's transaction, one 'api_token.revoked' audit row each. The trigger on
 * api_tokens tells every API process on commit; the caller awaits `SessionCache.sync()` after it.
 */
export async function revokePersonalTokens(
  manager: EntityManager,
  audit: AuditService,
  actor: Actor,
  userId: string,
  because: PersonalTokenRevocation,
  organizationId?: string,
): Promise<number> {
  // TypeORM answers an UPDATE with [rows, affected].
  const [rows]: [{ id: string; name: string; organization_id: string }[], number] = await manager.query(
    `UPDATE api_tokens SET revoked_at = now()
      WHERE kind = 'personal' AND user_id = $1 AND revoked_at IS NULL AND expires_at > now() AND ($2::uuid IS NULL OR organization_id = $2)
      RETURNING id, name, organization_id`,
    [userId, organizationId ?? null],
  );
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
