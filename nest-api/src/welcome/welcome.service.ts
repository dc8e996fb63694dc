import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { WelcomeRepository } from './welcome.repository';

/**
 * The start page's welcome (ADR 0034): shown to someone who has not yet used the hub — they have
 * not dismissed it, and their organisation has no data source and no machtiging, given or
 * received. Dismissing is stored per user.
 */
@Injectable()
export class WelcomeService {
  constructor(private readonly welcome: WelcomeRepository) {}

  shown(actor: AuthenticatedUser): Promise<boolean> {
    return this.welcome.shown(actor.id, actor.organizationId);
  }

  /** Only the signed-in user's own welcome: the id comes from the session, never from the request. */
  async dismiss(actor: AuthenticatedUser): Promise<void> {
    await this.welcome.dismiss(actor.id);
  }
}
