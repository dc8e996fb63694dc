import { Global, Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditLogQuery } from './audit-log.query';
import { AuditService } from './audit.service';
import { ReadAuditService } from './read-audit.service';

/**
 * The audit trail (issue 23, ADR 0021). Global: every module that changes something records it
 * through `AuditService` in its own transaction, without importing this module.
 */
@Global()
@Module({
  controllers: [AuditController],
  providers: [AuditService, ReadAuditService, AuditLogQuery],
  exports: [AuditService, ReadAuditService, AuditLogQuery],
})
export class AuditModule {}
