import { DETAILS, FIELD_ERRORS, isFreeMailDomain, type Role } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';

/** A claim places every later verified sign-up in the organisation (ADR 0003): only an owner makes one, never for a free-mail domain. */
export function requireDomainClaim(actor: AuthenticatedUser, organizationId: string, domain: string): void {
  const owner =
    (actor.organizationAdmin && actor.roles.includes('AdminOrganization.Owner' satisfies Role)) ||
    (actor.organizationId === organizationId && actor.roles.includes('Organization.Owner' satisfies Role));
  if (!owner) throw ApiError.forbidden(DETAILS.domainClaimByOwnerOnly);
  if (isFreeMailDomain(domain)) throw ApiError.validation({ domain: FIELD_ERRORS.domainFreeMail });
}
