import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config';
import { UsersRepository } from '../../users/users.repository';
import { AuthService } from '../auth.service';
import type { IssuedToken } from '../token.service';
import { TwoFactorLoginService, type TwoFactorChallenge } from '../two-factor/two-factor-login.service';
import { ExternalIdentitiesRepository } from './external-identities.repository';
import { createProviders, ProviderError, type ExternalProfile, type ExternalProvider, type ProviderId } from './providers';

@Injectable()
export class ExternalAuthService {
  private readonly logger = new Logger('ExternalAuth');
  private readonly providers: Partial<Record<ProviderId, ExternalProvider>>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auth: AuthService,
    private readonly secondStep: TwoFactorLoginService,
    private readonly identities: ExternalIdentitiesRepository,
    private readonly users: UsersRepository,
  ) {
    this.providers = createProviders(config);
  }

  provider(id: string): ExternalProvider | null {
    return (this.providers as Record<string, ExternalProvider | undefined>)[id] ?? null;
  }

  callbackUrl(id: string): string {
    return new URL(`/api/auth/${id}/callback`, this.config.publicUrl).toString();
  }

  /** Else an account with the same provider-verified e-mail is linked, else a new one made (when sign-up is enabled). */
  async signIn(providerId: ProviderId, profile: ExternalProfile): Promise<IssuedToken | TwoFactorChallenge> {
    const user = await this.dataSource.transaction(async (manager) => {
      const linked = await this.identities.linkedUser(providerId, profile.subject, manager);
      if (linked) return linked;
      if (!profile.emailVerified) throw new ProviderError('e-mail not verified by the provider');
      const existing = await this.users.credentialsByEmail(profile.email, manager);
      let user: { id: string; email: string; firstname: string; lastname: string } | null = existing;
      if (!user) {
        if (!this.config.signupEnabled) throw new ProviderError('sign-up disabled');
        user = await this.auth.createUser(manager, {
          email: profile.email,
          firstname: profile.firstname,
          lastname: profile.lastname,
          passwordHash: null,
          emailVerified: true,
        });
      }
      await this.identities.link(providerId, profile.subject, user.id, manager);
      return user;
    });
    this.logger.log(`${providerId} sign-in for user ${user.id}`);
    // An account that also has a password and two-step sign-in still gives its code (ADR 0032).
    return this.secondStep.signInOrChallenge(user);
  }
}
