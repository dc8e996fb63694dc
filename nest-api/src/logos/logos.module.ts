import { Module } from '@nestjs/common';
import { LogoUploadsController } from './logo-uploads.controller';
import { LogosController } from './logos.controller';
import { LogosService } from './logos.service';

@Module({ controllers: [LogosController, LogoUploadsController], providers: [LogosService], exports: [LogosService] })
export class LogosModule {}
