import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { WelcomeRepository } from './welcome.repository';

/** ADR 0034: shown until dismissed, while the organisation has no data source and no machtiging, given or received. */
@Injectable()
export class WelcomeService {
  constructor(private readonly welcome: WelcomeRepository) {}

  shown(actor: AuthenticatedUser): Promise<boolean> {
    return this.welcome.shown(actor.id, actor.organizationId);
  }

  /** The id comes from the session, never from the request. */
  async dismiss(actor: AuthenticatedUser): Promise<void> {
    await this.welcome.dismiss(actor.id);
  }
}
