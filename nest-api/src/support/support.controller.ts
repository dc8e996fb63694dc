import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { LOGO_CSP } from '../logos/logos.controller';
import { RawBody } from '../logos/raw-body';
import { attachmentDisposition } from './attachment-name';
import { readMultipart } from './multipart-body';
import { SupportService } from './support.service';
import { SupportRequestCreatedView, SupportRequestView, SupportStatusDto } from './support.views';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

@ApiTags('support')
@Controller('support-requests')
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @Post()
  @SignedIn()
  @ApiOperation({ summary: 'A support request (vraag, probleem, idee) with up to 3 attachments; stored and mailed to SUPPORT_EMAIL' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['kind', 'summary', 'description'],
      properties: {
        kind: { type: 'string', enum: ['vraag', 'probleem', 'idee'] },
        summary: { type: 'string', maxLength: 200 },
        description: { type: 'string', maxLength: 5000 },
        email: { type: 'string', description: 'Reply address; your own when left out' },
        attachments: { type: 'array', items: { type: 'string', format: 'binary' }, description: 'PNG, JPEG, GIF, WebP or PDF (read from the bytes), ≤ 5 MB each, at most 3' },
      },
    },
  })
  @ApiCreatedResponse({ type: SupportRequestCreatedView })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyView })
  async create(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @RawBody() body: unknown): Promise<SupportRequestCreatedView> {
    return this.support.create(actor, await readMultipart(body, request.headers['content-type']));
  }

  @Get()
  @SignedIn()
  @ApiOperation({ summary: 'All support requests, open ones first (platform admins only)' })
  @ApiOkResponse({ type: [SupportRequestView] })
  list(@CurrentUser() actor: AuthenticatedUser): Promise<SupportRequestView[]> {
    return this.support.list(actor);
  }

  @Patch(':id')
  @SignedIn()
  @HttpCode(204)
  @ApiOperation({ summary: 'Open or close a support request (platform admins only)' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: ErrorBodyView })
  async setStatus(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Body() dto: SupportStatusDto): Promise<void> {
    await this.support.setStatus(actor, id, dto.status);
  }

  @Get(':id/attachments/:attachment_id')
  @SignedIn()
  @ApiOperation({ summary: 'An attachment of a support request, always as a download (platform admins only)' })
  @ApiProduces('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf')
  @ApiOkResponse({ description: 'The file', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  async attachment(
    @CurrentUser() actor: AuthenticatedUser,
    @Param('id', uuid) id: string,
    @Param('attachment_id', uuid) attachmentId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.support.attachment(actor, id, attachmentId);
    void reply.headers({
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': LOGO_CSP,
      'content-disposition': attachmentDisposition(file.filename),
    });
    void reply.status(200).type(file.contentType).send(file.data);
  }
}
