import { Controller, Get, HttpException, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtension, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SPARQL_ERROR_TEXTS, SPARQL_PROTOCOL_TEXTS as TEXTS, SPARQL_REFUSAL_TEXTS } from '@datahub/domain';
import { convertGraph, GRAPH_MEDIA_TYPES, guardQuery, isSparqlError } from '@datahub/sparql';
import { AcceptsApiToken, CurrentUser, RequirePermission } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { answerContentType } from '../dataset-data/dataset-data.service';
import { MEDIA, textOf } from '../dataset-data/dataset-sparql.controller';
import { descriptionFormat, protocolFormats } from '../dataset-data/protocol-negotiation';
import { FORM_MEDIA, ProtocolError, QUERY_MEDIA, readProtocolRequest } from '../dataset-data/protocol-request';
import { serviceDescription } from '../dataset-data/service-description';
import { FederatedSparqlService } from './federated-sparql.service';
import { FEDERATION_TEXTS } from './federation-texts';
import { ReadableDatasetView } from './federation.views';

/** The dataset endpoint's forms, formats, errors and limits over every readable dataset as a named graph. */
@ApiTags('sparql')
@Controller('sparql')
export class FederatedSparqlController {
  constructor(
    private readonly federation: FederatedSparqlService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('datasets')
  @AcceptsApiToken('data:read')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: 'The datasets your organisation may read now, each with its graph name (IRI) on /api/sparql and the scopes you hold' })
  @ApiOkResponse({ type: ReadableDatasetView, isArray: true })
  async datasets(@CurrentUser() actor: AuthenticatedUser): Promise<ReadableDatasetView[]> {
    return (await this.federation.readable(actor)).map((row) => ({ id: row.id, slug: row.slug, name: row.name, iri: row.iri, scopes: row.scopes }));
  }

  @Get()
  @ApiExtension('x-error-body', 'text/plain')
  @AcceptsApiToken('data:read')
  @RequirePermission('Dataset.Read')
  @ApiOperation({
    summary:
      'SPARQL 1.1 Protocol query by GET (?query=) over every dataset your organisation may read: each is a named graph (its catalogue IRI) holding exactly what you may read of it. ' +
      'FROM / FROM NAMED choose among them (a dataset you may not read: 403 naming it); without them the default graph is empty and GRAPH ?g ranges over what you may read. ' +
      'Without query: the Service Description. Errors are short text/plain bodies: 400, 403, 406, 413, 429, 503, 504.',
  })
  @ApiQuery({ name: 'query', required: false })
  @ApiProduces(...MEDIA)
  @ApiOkResponse({ description: 'The answer in the negotiated format' })
  get(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.answer(actor, request, reply);
  }

  @Post()
  @ApiExtension('x-error-body', 'text/plain')
  @AcceptsApiToken('data:read', { readByPost: true })
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: 'The hub-wide SPARQL query by POST: a form (query=…) or the query itself as application/sparql-query (a read: no state changes)' })
  @ApiConsumes(FORM_MEDIA, QUERY_MEDIA)
  @ApiBody({ schema: { type: 'string' } })
  @ApiProduces(...MEDIA)
  @ApiOkResponse({ description: 'The answer in the negotiated format' })
  post(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.answer(actor, request, reply);
  }

  @Post('download')
  @ApiExtension('x-error-body', 'text/plain')
  @AcceptsApiToken('data:read', { readByPost: true })
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: 'A hub-wide query as a file (the workbench\'s downloads): as POST /sparql, SELECT rows capped at SPARQL_DOWNLOAD_MAX_ROWS. An empty query is refused (400).' })
  @ApiConsumes(FORM_MEDIA, QUERY_MEDIA)
  @ApiBody({ schema: { type: 'string' } })
  @ApiProduces(...MEDIA)
  @ApiOkResponse({ description: 'The answer in the negotiated format' })
  download(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.answer(actor, request, reply, this.config.sparql.downloadMaxRows);
  }

  private async answer(actor: AuthenticatedUser, request: FastifyRequest, reply: FastifyReply, maxRows?: number): Promise<void> {
    reply.header('cache-control', 'no-store');
    reply.header('vary', 'Accept, Authorization, Cookie');
    try {
      const accept = request.headers.accept;
      const query = readProtocolRequest(request);
      if (query === null && maxRows !== undefined) throw new ProtocolError(400, TEXTS.noQuery);
      if (query === null) return await this.describe(accept, reply);
      let form;
      try {
        form = guardQuery(query, { services: true }).form;
      } catch (error) {
        if (!isSparqlError(error)) throw error;
        if (error.reason === 'syntax_error') {
          const where = error.position;
          throw new ProtocolError(error.httpStatus, TEXTS.syntax(where ? SPARQL_ERROR_TEXTS.syntax(where.line, where.column, where.found, where.problem) : SPARQL_ERROR_TEXTS.syntaxUnplaced));
        }
        throw new ProtocolError(error.httpStatus, TEXTS.refused(SPARQL_REFUSAL_TEXTS[error.reason] ?? TEXTS.failed));
      }
      const formats = protocolFormats(form, accept);
      if (!formats) throw new ProtocolError(406, TEXTS.notAcceptable);
      const answer = await this.federation.sparql(actor, query, formats, maxRows);
      reply.code(200).header('content-type', answerContentType(answer.contentType));
      if (answer.truncated) reply.header('x-datahub-truncated', 'true');
      await reply.send(answer.body);
    } catch (error) {
      if (error instanceof ProtocolError) return void (await this.text(reply, error.status, error.message));
      if (error instanceof HttpException) return void (await this.text(reply, error.getStatus(), textOf(error)));
      throw error;
    }
  }

  private async describe(accept: string | undefined, reply: FastifyReply): Promise<void> {
    const format = descriptionFormat(accept);
    if (!format) throw new ProtocolError(406, TEXTS.notAcceptable);
    const turtle = serviceDescription(`${this.config.publicUrl}/api/sparql`, FEDERATION_TEXTS.description);
    reply.code(200).header('content-type', answerContentType(GRAPH_MEDIA_TYPES[format]));
    await reply.send(format === 'turtle' ? turtle : convertGraph(turtle, format));
  }

  private async text(reply: FastifyReply, status: number, message: string): Promise<void> {
    await reply.code(status).header('content-type', 'text/plain; charset=utf-8').send(`${message}\n`);
  }
}
