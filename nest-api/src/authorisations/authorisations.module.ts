import { Module } from '@nestjs/common';
import { InsightModule } from '../insight/insight.module';
import { AuthorisationGroupsController } from './authorisation-groups.controller';
import { AuthorisationGroupsService } from './authorisation-groups.service';
import { AuthorisationsController } from './authorisations.controller';
import { AuthorisationsService } from './authorisations.service';

@Module({
  imports: [InsightModule],
  controllers: [AuthorisationsController, AuthorisationGroupsController],
  providers: [AuthorisationsService, AuthorisationGroupsService],
  exports: [AuthorisationsService],
})
export class AuthorisationsModule {}
