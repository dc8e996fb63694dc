import { Global, Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditLogQuery } from './audit-log.query';
import { AuditService } from './audit.service';
import { ReadAuditService } from './read-audit.service';

@Global()
@Module({
  controllers: [AuditController],
  providers: [AuditService, ReadAuditService, AuditLogQuery],
  exports: [AuditService, ReadAuditService, AuditLogQuery],
})
export class AuditModule {}
