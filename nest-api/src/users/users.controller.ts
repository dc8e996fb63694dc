import { Body, Controller, Get, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CurrentUser, RequirePermission, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { UpdateUserDto } from './dto/update-user.dto';
import { UserView } from './user.view';
import { UsersService } from './users.service';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Put(':id')
  @SignedIn()
  @ApiOperation({ summary: 'Change your own first and last name (anyone else: 403)' })
  @ApiOkResponse({ type: UserView })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  update(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Body() dto: UpdateUserDto): Promise<UserView> {
    return this.users.updateProfile(actor, id, dto);
  }

  @Get(':id/permissions')
  @RequirePermission('User.Read')
  @ApiOperation({ summary: "A user's effective permission names (same organisation, or organisation admin)" })
  @ApiOkResponse({ type: [String] })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  permissions(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<string[]> {
    return this.users.permissions(actor, id);
  }
}
