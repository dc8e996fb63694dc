import { DETAILS, FIELD_ERRORS, isFreeMailDomain, type Role } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';

/**
 * Claiming an e-mail domain places every later verified sign-up under it in the organisation
 * (ADR 0003), so a new claim needs more than Organization.Update (issue 19): an owner of that
 * organisation (or of the platform) makes it, and never for a free-mail domain anyone can get an
 * address under. Clearing a claim, or saving the one already held, is no claim.
 */
export function requireDomainClaim(actor: AuthenticatedUser, organizationId: string, domain: string): void {
  const owner =
    (actor.organizationAdmin && actor.roles.includes('AdminOrganization.Owner' satisfies Role)) ||
    (actor.organizationId === organizationId && actor.roles.includes('Organization.Owner' satisfies Role));
  if (!owner) throw ApiError.forbidden(DETAILS.domainClaimByOwnerOnly);
  if (isFreeMailDomain(domain)) throw ApiError.validation({ domain: FIELD_ERRORS.domainFreeMail });
}
