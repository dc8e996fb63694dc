import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { CreateWebhookDto, CreatedWebhookView, WebhookDeliveryView, WebhookView } from './dto/webhook.dto';
import { WebhooksService } from './webhooks.service';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

@ApiTags('webhooks')
@Controller('organizations/:organization_id/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @RequirePermission('Organization.Update')
  @ApiOperation({ summary: "The organisation's webhooks" })
  @ApiOkResponse({ type: [WebhookView] })
  list(@CurrentUser() actor: AuthenticatedUser, @Param('organization_id', uuid) organizationId: string): Promise<WebhookView[]> {
    return this.webhooks.list(actor, organizationId);
  }

  @Post()
  @RequirePermission('Organization.Update')
  @ApiOperation({ summary: 'A new webhook (https; events about the organisation only); the signing secret is in this answer only. At most 10 (409).' })
  @ApiCreatedResponse({ type: CreatedWebhookView })
  @ApiConflictResponse({ type: ErrorBodyView })
  create(@CurrentUser() actor: AuthenticatedUser, @Param('organization_id', uuid) organizationId: string, @Body() body: CreateWebhookDto): Promise<CreatedWebhookView> {
    return this.webhooks.create(actor, organizationId, body);
  }

  @Delete(':webhook_id')
  @RequirePermission('Organization.Update')
  @HttpCode(204)
  @ApiOperation({ summary: 'Removes a webhook and its delivery log' })
  @ApiNoContentResponse()
  remove(@CurrentUser() actor: AuthenticatedUser, @Param('organization_id', uuid) organizationId: string, @Param('webhook_id', uuid) id: string): Promise<void> {
    return this.webhooks.remove(actor, organizationId, id);
  }

  @Post(':webhook_id/enable')
  @RequirePermission('Organization.Update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Switches a webhook on again after it was switched off for 24 hours of failures' })
  @ApiOkResponse({ type: WebhookView })
  enable(@CurrentUser() actor: AuthenticatedUser, @Param('organization_id', uuid) organizationId: string, @Param('webhook_id', uuid) id: string): Promise<WebhookView> {
    return this.webhooks.enable(actor, organizationId, id);
  }

  @Get(':webhook_id/deliveries')
  @RequirePermission('Organization.Update')
  @ApiOperation({ summary: 'The latest 50 deliveries of a webhook, newest first' })
  @ApiOkResponse({ type: [WebhookDeliveryView] })
  deliveries(@CurrentUser() actor: AuthenticatedUser, @Param('organization_id', uuid) organizationId: string, @Param('webhook_id', uuid) id: string): Promise<WebhookDeliveryView[]> {
    return this.webhooks.deliveries(actor, organizationId, id);
  }

  @Post(':webhook_id/deliveries/:delivery_id/resend')
  @RequirePermission('Organization.Update')
  @HttpCode(204)
  @ApiOperation({ summary: "'Opnieuw versturen': sends a delivery again now, with a fresh 24 hours of retries" })
  @ApiNoContentResponse()
  resend(
    @CurrentUser() actor: AuthenticatedUser,
    @Param('organization_id', uuid) organizationId: string,
    @Param('webhook_id', uuid) id: string,
    @Param('delivery_id') deliveryId: string,
  ): Promise<void> {
    return this.webhooks.resend(actor, organizationId, id, deliveryId);
  }
}
