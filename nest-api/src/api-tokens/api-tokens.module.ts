import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ApiTokenAuthService } from './api-token-auth.service';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensService } from './api-tokens.service';

/**
 * API tokens (issue 21): personal and organisation tokens, their authentication for the global guard
 * (kept current through the session cache's notifications) (machine reads are audited with every other read, `ReadAuditService`).
 */
@Module({
  imports: [AuthModule],
  controllers: [ApiTokensController],
  providers: [ApiTokensService, ApiTokenAuthService],
  exports: [ApiTokenAuthService, ApiTokensService],
})
export class ApiTokensModule {}
