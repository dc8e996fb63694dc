import { forwardRef, Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { OrganizationsController } from './organizations.controller';
import { OrganizationsService } from './organizations.service';

/** Organisations and their people: the controller lists an organisation's users, and users live in an organisation. */
@Module({
  imports: [forwardRef(() => UsersModule)],
  controllers: [OrganizationsController],
  providers: [OrganizationsService],
  exports: [OrganizationsService],
})
export class OrganizationsModule {}
