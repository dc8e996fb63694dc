import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { InvitationsModule } from '../invitations/invitations.module';
import { MailModule } from '../mail/mail.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { AccountPasswordsController } from './account-passwords.controller';
import { AccountPasswordsService } from './account-passwords.service';
import { AuthController } from './auth.controller';
import { AttemptCounters } from './attempt-counters';
import { AuthService } from './auth.service';
import { PasswordResetRequestsService } from './password-reset-requests.service';
import { ExternalAuthController } from './external/external-auth.controller';
import { ExternalAuthService } from './external/external-auth.service';
import { LocalStrategy } from './local.strategy';
import { SessionCache } from './session-cache';
import { SignupVerificationService } from './signup-verification.service';
import { TokenService } from './token.service';
import { SecondFactorCheck } from './two-factor/second-factor';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { TwoFactorLoginService } from './two-factor/two-factor-login.service';
import { TwoFactorService } from './two-factor/two-factor.service';
import { AuditModule } from '../audit/audit.module';

/** Sign-in, sign-up and sessions; TokenService and SessionCache serve the global guard. */
@Module({
  imports: [PassportModule.register({ session: false }), MailModule, OrganizationsModule, InvitationsModule, AuditModule],
  controllers: [AuthController, AccountPasswordsController, ExternalAuthController, TwoFactorController],
  providers: [
    SessionCache,
    TokenService,
    AttemptCounters,
    AuthService,
    AccountPasswordsService,
    PasswordResetRequestsService,
    SignupVerificationService,
    ExternalAuthService,
    LocalStrategy,
    SecondFactorCheck,
    TwoFactorService,
    TwoFactorLoginService,
  ],
  exports: [TokenService, TwoFactorService, AccountPasswordsService],
})
export class AuthModule {}
