import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ApiTokenAuthService } from './api-token-auth.service';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensService } from './api-tokens.service';

/** Personal and organisation tokens and their authentication for the global guard, kept current through the change notifications (ADR 0061). */
@Module({
  imports: [AuthModule],
  controllers: [ApiTokensController],
  providers: [ApiTokensService, ApiTokenAuthService],
  exports: [ApiTokenAuthService, ApiTokensService],
})
export class ApiTokensModule {}
