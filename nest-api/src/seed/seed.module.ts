import { Module } from '@nestjs/common';
import { DatasourcesModule } from '../datasources/datasources.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SeedService } from './seed.service';

@Module({ imports: [OrganizationsModule, DatasourcesModule], providers: [SeedService], exports: [SeedService] })
export class SeedModule {}
