import { Module } from '@nestjs/common';
import { DatasourcesController } from './datasources.controller';
import { DatasourcesService } from './datasources.service';
import { MailModule } from '../mail/mail.module';

@Module({ imports: [MailModule], controllers: [DatasourcesController], providers: [DatasourcesService], exports: [DatasourcesService] })
export class DatasourcesModule {}
