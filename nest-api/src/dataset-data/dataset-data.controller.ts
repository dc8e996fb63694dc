import type { Readable } from 'node:stream';
import { Controller, Get, Headers, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AcceptsApiToken, CurrentUser, RequirePermission } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { answerContentType, DatasetDataService } from './dataset-data.service';
import { DatasetAccessView, SparqlJsonResultsView } from './dataset-data.views';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

@ApiTags('datasets')
@Controller('datasets/:id')
export class DatasetDataController {
  constructor(private readonly data: DatasetDataService) {}

  @Get('access')
  @AcceptsApiToken('data:read')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: "What your organisation may read of a dataset's data: everything as owner, the scopes of its valid authorisations, or nothing" })
  @ApiOkResponse({ type: DatasetAccessView })
  access(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<DatasetAccessView> {
    return this.data.access(actor, id);
  }

  @Get('data')
  @AcceptsApiToken('data:read')
  @RequirePermission('Dataset.Read')
  @ApiOperation({
    summary:
      'A SPARQL query over exactly the part of the dataset your organisation may read (owner: all; grantee: its valid scopes; others: 403). ' +
      'SELECT/ASK answer application/sparql-results+json, or XML, CSV, TSV by Accept; CONSTRUCT/DESCRIBE Turtle, N-Triples, JSON-LD or RDF/XML. ' +
      "Rows beyond the cap are cut off and the answer carries 'X-Datahub-Truncated: true'. 400 refused query (e.g. nested too deeply), 413 answer too large, " +
      '429 too many of your queries at once, 503 dataset offline or query stopped (memory bound, worker stopped), 504 deadline passed; the limits answer a Dutch errors.sparql_query.',
  })
  @ApiQuery({ name: 'sparql_query', required: true })
  @ApiHeader({ name: 'accept', required: false })
  @ApiProduces('application/sparql-results+json', 'application/sparql-results+xml', 'text/csv', 'text/tab-separated-values', 'text/turtle', 'application/n-triples', 'application/ld+json', 'application/rdf+xml')
  @ApiOkResponse({ type: SparqlJsonResultsView })
  async query(
    @CurrentUser() actor: AuthenticatedUser,
    @Param('id', uuid) id: string,
    @Query('sparql_query') query: string | undefined,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const answer = await this.data.sparql(actor, id, typeof query === 'string' ? query : undefined, accept);
    reply.header('content-type', answerContentType(answer.contentType));
    reply.header('cache-control', 'no-store');
    if (answer.truncated) reply.header('x-datahub-truncated', 'true');
    // Bytes as the worker encoded them: Fastify sends a Buffer as it is, with its content-length.
    return answer.body;
  }

  @Get('xml')
  @AcceptsApiToken('data:read')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: 'The part of the dataset your organisation may read, as RDF/XML, as the attachment {slug}.xml, streamed (same access rules as data)' })
  @ApiProduces('application/rdf+xml')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async xml(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Readable> {
    const answer = await this.data.xml(actor, id);
    reply.header('content-type', 'application/rdf+xml; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${answer.slug}.xml"`);
    reply.header('cache-control', 'no-store');
    return answer.body;
  }
}
