import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../common/access.decorators';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { RDF_MEDIA } from './catalog-rdf';
import { CatalogService } from './catalog.service';
import { CatalogQueryDto } from './dto/catalog-query.dto';
import { rdfFormat } from './negotiate';
import { hubProfileTurtle } from './odrl';

const FORMATS = Object.values(RDF_MEDIA);

function negotiated(request: FastifyRequest) {
  const format = rdfFormat(request.headers.accept);
  if (!format) throw new ApiError(406, 'not acceptable');
  return format;
}

/** DCAT-AP-NL 3.0 for harvesters; public like the portal's catalogue, the data stays behind a machtiging. */
@ApiTags('catalog')
@Controller()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('catalog')
  @Public()
  @ApiOperation({
    summary:
      "The hub's dcat:Catalog (DCAT-AP-NL 3.0) with one page of its online datasets, hydra paging links (first, previous, next, last); Turtle by default, JSON-LD or RDF/XML by Accept. No sign-in: metadata only.",
  })
  @ApiProduces(...FORMATS)
  @ApiOkResponse({ description: 'The catalogue page in the negotiated RDF format', schema: { type: 'string' } })
  @ApiResponse({ status: 406, type: ErrorBodyView, description: 'Accept names none of Turtle, JSON-LD and RDF/XML' })
  async page(@Query() query: CatalogQueryDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const format = negotiated(request);
    const body = await this.catalog.page(query, format);
    void reply.header('vary', 'Accept').type(`${RDF_MEDIA[format]}; charset=utf-8`).send(body);
  }

  @Get('catalog/datasets/:slug')
  @Public()
  @ApiOperation({ summary: "One online dataset's DCAT-AP-NL entry (what its page /dataset/{slug} answers to Accept: text/turtle), with its distributions, SPARQL service and ODRL offer" })
  @ApiProduces(...FORMATS)
  @ApiOkResponse({ description: 'The entry in the negotiated RDF format', schema: { type: 'string' } })
  @ApiNotFoundResponse({ type: ErrorBodyView, description: 'No online dataset with this slug' })
  @ApiResponse({ status: 406, type: ErrorBodyView, description: 'Accept names none of Turtle, JSON-LD and RDF/XML' })
  async dataset(@Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const format = negotiated(request);
    const body = await this.catalog.dataset(slug, format);
    void reply.header('vary', 'Accept').type(`${RDF_MEDIA[format]}; charset=utf-8`).send(body);
  }

  @Get('odrl/profile')
  @Public()
  @ApiOperation({ summary: "The hub's ODRL 2.2 profile (the category constraint and the request-access link its offers and agreements use), as Turtle" })
  @ApiProduces('text/turtle')
  @ApiOkResponse({ description: 'The profile', schema: { type: 'string' } })
  profile(@Res() reply: FastifyReply): void {
    void reply.type('text/turtle; charset=utf-8').send(hubProfileTurtle());
  }
}
