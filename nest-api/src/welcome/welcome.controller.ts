import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentUser, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { WelcomeService } from './welcome.service';

export class WelcomeView {
  @ApiProperty({ description: 'Whether the start page greets you: not dismissed, and your organisation has no data source and no machtiging yet' })
  show: boolean;
}

@ApiTags('users')
@Controller('profile/welcome')
export class WelcomeController {
  constructor(private readonly welcome: WelcomeService) {}

  @Get()
  @SignedIn()
  @ApiOperation({ summary: "Whether the start page shows you its welcome (you have not yet used the hub)" })
  @ApiOkResponse({ type: WelcomeView })
  async get(@CurrentUser() actor: AuthenticatedUser): Promise<WelcomeView> {
    return { show: await this.welcome.shown(actor) };
  }

  @Post('dismiss')
  @SignedIn()
  @HttpCode(204)
  @ApiOperation({ summary: 'Hides the welcome for good, for you only' })
  @ApiNoContentResponse()
  dismiss(@CurrentUser() actor: AuthenticatedUser): Promise<void> {
    return this.welcome.dismiss(actor);
  }
}
