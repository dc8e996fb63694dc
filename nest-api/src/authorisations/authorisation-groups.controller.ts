import { Body, Controller, Delete, Param, Put } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { AuthorisationGroupsService } from './authorisation-groups.service';
import { AuthorisationGroupChangeView, ReplaceAuthorisationGroupDto, RevokedAuthorisationGroupView } from './dto/authorisation-group.dto';

@ApiTags('authorisations')
@Controller('authorisation-groups')
export class AuthorisationGroupsController {
  constructor(private readonly groups: AuthorisationGroupsService) {}

  @Put(':dataset_id/:organization_id')
  @RequirePermission('AuthorisationAssignment.Create')
  @ApiOperation({
    summary:
      "Replace the scopes and expiry of all grants of a dataset of your organisation to one organisation, in one transaction (AuthorisationAssignment.Create in the dataset's owner organisation)",
  })
  @ApiOkResponse({ type: AuthorisationGroupChangeView })
  @ApiNotFoundResponse({ type: ErrorBodyView, description: 'No such group among the datasets you manage grants of' })
  @ApiForbiddenResponse({ type: ErrorBodyView, description: 'Only the owner organisation grants' })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyView, description: 'Dutch field errors: authorisations, expiration_date' })
  replace(
    @CurrentUser() actor: AuthenticatedUser,
    @Param('dataset_id') datasetId: string,
    @Param('organization_id') organizationId: string,
    @Body() dto: ReplaceAuthorisationGroupDto,
  ): Promise<AuthorisationGroupChangeView> {
    return this.groups.replace(actor, datasetId, organizationId, dto);
  }

  @Delete(':dataset_id/:organization_id')
  @RequirePermission('AuthorisationAssignment.Delete')
  @ApiOperation({ summary: 'Revoke all grants of a dataset to one organisation, in one transaction; takes effect on the very next request' })
  @ApiOkResponse({ type: RevokedAuthorisationGroupView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  revoke(
    @CurrentUser() actor: AuthenticatedUser,
    @Param('dataset_id') datasetId: string,
    @Param('organization_id') organizationId: string,
  ): Promise<RevokedAuthorisationGroupView> {
    return this.groups.revoke(actor, datasetId, organizationId);
  }
}
