import { Controller, Get, HttpException, Inject, Param, ParseUUIDPipe, Post, Req, Res } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiBody, ApiConsumes, ApiExtension, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DETAILS, SPARQL_ERROR_TEXTS, SPARQL_PROTOCOL_TEXTS as TEXTS, SPARQL_REFUSAL_TEXTS } from '@datahub/domain';
import { convertGraph, GRAPH_MEDIA_TYPES, guardQuery, isSparqlError, type QueryForm } from '@datahub/sparql';
import { AcceptsApiToken, CurrentUser, RequirePermission } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { answerContentType, DatasetDataService } from './dataset-data.service';
import { descriptionFormat, protocolFormats } from './protocol-negotiation';
import { FORM_MEDIA, ProtocolError, QUERY_MEDIA, readProtocolRequest } from './protocol-request';
import { serviceDescription } from './service-description';
import { FederatedSparqlService } from '../federation/federated-sparql.service';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

export const MEDIA = [
  'application/sparql-results+json',
  'application/sparql-results+xml',
  'text/csv',
  'text/tab-separated-values',
  'text/turtle',
  'application/n-triples',
  'application/ld+json',
  'application/rdf+xml',
];

export function textOf(error: HttpException): string {
  const detail = (error as ApiError).detail;
  switch (error.getStatus()) {
    case 400:
      return TEXTS.failed;
    case 403:
      return TEXTS.forbidden;
    case 404:
      return TEXTS.notFound;
    case 429:
      return TEXTS.tooMany;
    case 413:
      return TEXTS.tooLarge;
    case 503:
      return detail === DETAILS.datasetOffline ? TEXTS.offline : TEXTS.other;
    case 504:
      return TEXTS.timeout;
    default:
      return TEXTS.other;
  }
}

@ApiTags('datasets')
@Controller('datasets/:id/sparql')
export class DatasetSparqlController {
  constructor(
    private readonly data: DatasetDataService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly modules: ModuleRef,
  ) {}

  @Get()
  @ApiExtension('x-error-body', 'text/plain')
  @AcceptsApiToken('data:read')
  @RequirePermission('Dataset.Read')
  @ApiOperation({
    summary:
      'SPARQL 1.1 Protocol query by GET (?query=), over exactly what your organisation may read (as GET …/data). Without query: the SPARQL 1.1 Service Description (Turtle by default). ' +
      'default-graph-uri/named-graph-uri and update are refused (400); errors are short text/plain bodies: 400, 403, 404, 406, 413, 429, 503, 504. CORS open to token requests.',
  })
  @ApiQuery({ name: 'query', required: false })
  @ApiProduces(...MEDIA)
  @ApiOkResponse({ description: 'The answer in the negotiated format' })
  get(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.answer(actor, id, request, reply);
  }

  @Post()
  @ApiExtension('x-error-body', 'text/plain')
  @AcceptsApiToken('data:read', { readByPost: true })
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: 'SPARQL 1.1 Protocol query by POST: a form (query=…) or the query itself as application/sparql-query (a read: no state changes)' })
  @ApiConsumes(FORM_MEDIA, QUERY_MEDIA)
  @ApiBody({ schema: { type: 'string' } })
  @ApiProduces(...MEDIA)
  @ApiOkResponse({ description: 'The answer in the negotiated format' })
  post(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.answer(actor, id, request, reply);
  }

  @Post('download')
  @ApiExtension('x-error-body', 'text/plain')
  @AcceptsApiToken('data:read', { readByPost: true })
  @RequirePermission('Dataset.Read')
  @ApiOperation({
    summary:
      'A query as a file (the portal\'s CSV, TSV and JSON downloads): as POST …/sparql, but SELECT rows are capped at SPARQL_DOWNLOAD_MAX_ROWS instead of the display cap ' +
      '(the answer-size cap and the deadline still apply). An empty query is refused (400).',
  })
  @ApiConsumes(FORM_MEDIA, QUERY_MEDIA)
  @ApiBody({ schema: { type: 'string' } })
  @ApiProduces(...MEDIA)
  @ApiOkResponse({ description: 'The answer in the negotiated format' })
  download(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.answer(actor, id, request, reply, this.config.sparql.downloadMaxRows);
  }

  private async answer(actor: AuthenticatedUser, id: string, request: FastifyRequest, reply: FastifyReply, maxRows?: number): Promise<void> {
    reply.header('cache-control', 'no-store');
    reply.header('vary', 'Accept, Authorization, Cookie');
    try {
      const accept = request.headers.accept;
      const query = readProtocolRequest(request);
      if (query === null && maxRows !== undefined) throw new ProtocolError(400, TEXTS.noQuery);
      if (query === null) return await this.describe(actor, id, accept, reply);
      let form: QueryForm | undefined;
      let federated = false;
      try {
        form = guardQuery(query).form;
      } catch (refused) {
        let error = refused;
        // SERVICE to the hub's own dataset endpoints: the hub-wide path answers, this dataset the default graph.
        if (isSparqlError(error) && error.reason === 'service_not_allowed') {
          try {
            form = guardQuery(query, { services: true }).form;
            federated = true;
          } catch (again) {
            error = again;
          }
        }
        if (!federated) {
          if (!isSparqlError(error)) throw error;
          // Dutch for people and scripts alike, never the parser's English words.
          if (error.reason === 'syntax_error') {
            const where = error.position;
            throw new ProtocolError(error.httpStatus, TEXTS.syntax(where ? SPARQL_ERROR_TEXTS.syntax(where.line, where.column, where.found, where.problem) : SPARQL_ERROR_TEXTS.syntaxUnplaced));
          }
          throw new ProtocolError(error.httpStatus, TEXTS.refused(SPARQL_REFUSAL_TEXTS[error.reason] ?? TEXTS.failed));
        }
      }
      const formats = form && protocolFormats(form, accept);
      if (!formats) throw new ProtocolError(406, TEXTS.notAcceptable);
      const answer = federated
        ? await this.modules.get(FederatedSparqlService, { strict: false }).sparqlOnDataset(actor, id, query, formats, maxRows)
        : await this.data.sparql(actor, id, query, accept, () => formats, maxRows);
      reply.code(200).header('content-type', answerContentType(answer.contentType));
      if (answer.truncated) reply.header('x-datahub-truncated', 'true');
      await reply.send(answer.body);
    } catch (error) {
      if (error instanceof ProtocolError) return void (await this.text(reply, error.status, error.message));
      if (error instanceof HttpException) return void (await this.text(reply, error.getStatus(), textOf(error)));
      throw error;
    }
  }

  private async describe(actor: AuthenticatedUser, id: string, accept: string | undefined, reply: FastifyReply): Promise<void> {
    const format = descriptionFormat(accept);
    if (!format) throw new ProtocolError(406, TEXTS.notAcceptable);
    // The dataset must exist for the asker (404 otherwise), as for its data.
    await this.data.access(actor, id);
    const turtle = serviceDescription(`${this.config.publicUrl}/api/datasets/${id}/sparql`);
    reply.code(200).header('content-type', answerContentType(GRAPH_MEDIA_TYPES[format]));
    await reply.send(format === 'turtle' ? turtle : convertGraph(turtle, format));
  }

  private async text(reply: FastifyReply, status: number, message: string): Promise<void> {
    await reply.code(status).header('content-type', 'text/plain; charset=utf-8').send(`${message}\n`);
  }
}
