import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ApiTokenAuthService } from './api-token-auth.service';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensService } from './api-tokens.service';
import { MachineReadAuditService } from './machine-read-audit.service';

/**
 * API tokens (issue 21): personal and organisation tokens, their authentication for the global guard
 * (kept current through the session cache's notifications) and the audit of every machine read.
 */
@Module({
  imports: [AuthModule],
  controllers: [ApiTokensController],
  providers: [ApiTokensService, ApiTokenAuthService, MachineReadAuditService],
  exports: [ApiTokenAuthService, MachineReadAuditService],
})
export class ApiTokensModule {}
