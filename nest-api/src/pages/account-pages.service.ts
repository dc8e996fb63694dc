import { Injectable } from '@nestjs/common';
import { ApiTokensService } from '../api-tokens/api-tokens.service';
import { AccountPasswordsService } from '../auth/account-passwords.service';
import { TwoFactorService } from '../auth/two-factor/two-factor.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { InsightService } from '../insight/insight.service';
import { toCurrentUserView } from '../users/user.view';
import type { ProfilePageView, TwoFactorPageView } from './account-pages.views';

@Injectable()
export class AccountPagesService {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly passwords: AccountPasswordsService,
    private readonly tokens: ApiTokensService,
    private readonly insight: InsightService,
  ) {}

  async twoFactorPage(actor: AuthenticatedUser): Promise<TwoFactorPageView> {
    const state = await this.twoFactor.state(actor);
    return { user: toCurrentUserView(actor), two_factor: state, enrolment: state.pending ? await this.twoFactor.enrolment(actor) : null };
  }

  async profile(actor: AuthenticatedUser): Promise<ProfilePageView> {
    const [twoFactor, rating, tokens, hasPassword] = await Promise.all([
      this.twoFactorPage(actor),
      this.insight.ratingState(actor),
      this.tokens.list({ kind: 'personal', userId: actor.id, organizationId: actor.organizationId }),
      this.passwords.hasPassword(actor.id),
    ]);
    return { ...twoFactor, rating, api_tokens: tokens, has_password: hasPassword };
  }
}
