import { Controller, Delete, HttpCode, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { LogosService, type LogoOwner } from './logos.service';
import { IMAGE_UPLOAD_TYPES, RawBody } from './raw-body';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });
const APPLICATIONS: LogoOwner = { table: 'applications', permission: 'Application.Update' };
const ORGANIZATIONS: LogoOwner = { table: 'organizations', permission: 'Organization.Update' };

export class LogoView {
  @ApiProperty({ example: '/api/logos/3f0c6a1e-0000-4000-8000-000000000000' })
  logo_url: string;
}

const upload = () => [
  ApiConsumes(...IMAGE_UPLOAD_TYPES),
  ApiBody({ schema: { type: 'string', format: 'binary' }, description: 'PNG or JPEG, at most 512 KB; the type is read from the bytes (SVG is refused)' }),
  ApiOkResponse({ type: LogoView }),
  ApiUnprocessableEntityResponse({ type: ErrorBodyView, description: 'errors.logo: not PNG/JPEG, or empty' }),
];
function Upload(): MethodDecorator {
  return (target, key, descriptor) => {
    for (const decorator of upload()) decorator(target, key, descriptor);
  };
}

@ApiTags('logos')
@Controller()
export class LogoUploadsController {
  constructor(private readonly logos: LogosService) {}

  @Put('applications/:id/logo')
  @RequirePermission('Application.Update')
  @ApiOperation({ summary: "Upload the application's logo (the request body is the image)" })
  @Upload()
  async uploadApplicationLogo(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @RawBody() body: unknown): Promise<LogoView> {
    return { logo_url: (await this.logos.replace(actor, APPLICATIONS, id, body ?? Buffer.alloc(0)))! };
  }

  @Delete('applications/:id/logo')
  @RequirePermission('Application.Update')
  @HttpCode(204)
  @ApiOperation({ summary: "Remove the application's logo (cards show its initials)" })
  @ApiNoContentResponse()
  async deleteApplicationLogo(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<void> {
    await this.logos.replace(actor, APPLICATIONS, id, null);
  }

  @Put('organizations/:organization_id/logo')
  @RequirePermission('Organization.Update')
  @ApiOperation({ summary: "Upload the organisation's logo (the request body is the image)" })
  @Upload()
  async uploadOrganizationLogo(@CurrentUser() actor: AuthenticatedUser, @Param('organization_id', uuid) id: string, @RawBody() body: unknown): Promise<LogoView> {
    return { logo_url: (await this.logos.replace(actor, ORGANIZATIONS, id, body ?? Buffer.alloc(0)))! };
  }

  @Delete('organizations/:organization_id/logo')
  @RequirePermission('Organization.Update')
  @HttpCode(204)
  @ApiOperation({ summary: "Remove the organisation's logo (cards show its initials)" })
  @ApiNoContentResponse()
  async deleteOrganizationLogo(@CurrentUser() actor: AuthenticatedUser, @Param('organization_id', uuid) id: string): Promise<void> {
    await this.logos.replace(actor, ORGANIZATIONS, id, null);
  }
}
