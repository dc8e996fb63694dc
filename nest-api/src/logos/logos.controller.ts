import { Controller, Get, Param, ParseUUIDPipe, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchNames } from '@datahub/domain/server';
import { Public } from '../common/access.decorators';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { LogosService } from './logos.service';

/** Even opened on its own, a logo can run nothing. */
export const LOGO_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

@ApiTags('logos')
@Controller('logos')
export class LogosController {
  constructor(private readonly logos: LogosService) {}

  /** Public: logos show on cards everywhere; ids are random and change with every upload, so cached for good. */
  @Get(':id')
  @Public()
  @ApiOperation({ summary: 'A logo (PNG or JPEG), as stored' })
  @ApiProduces('image/png', 'image/jpeg')
  @ApiOkResponse({ description: 'The image', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  async get(@Param('id', uuid) id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const logo = await this.logos.get(id);
    const etag = `"${logo.sha256}"`;
    void reply.headers({
      'cache-control': 'public, max-age=31536000, immutable',
      etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': LOGO_CSP,
      'content-disposition': 'inline',
      'cross-origin-resource-policy': 'same-origin',
    });
    if (ifNoneMatchNames(request.headers['if-none-match'], etag)) return void reply.status(304).send();
    void reply.status(200).type(logo.contentType).send(logo.data);
  }
}
