import { Module } from '@nestjs/common';
import { InsightModule } from '../insight/insight.module';
import { AuthorisationsController } from './authorisations.controller';
import { AuthorisationsService } from './authorisations.service';

@Module({ imports: [InsightModule], controllers: [AuthorisationsController], providers: [AuthorisationsService], exports: [AuthorisationsService] })
export class AuthorisationsModule {}
