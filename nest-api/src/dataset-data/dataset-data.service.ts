import { Readable } from 'node:stream';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DETAILS, isOnline, SPARQL_ERROR_TEXTS, type DatasetScope } from '@datahub/domain';
import { DatasetTooLargeError, SparqlError, convertGraph, guardQuery, isSparqlError, negotiateFormats, GRAPH_MEDIA_TYPES, type QueryForm } from '@datahub/sparql';
import { ReadAuditService } from '../audit/read-audit.service';
import { AuthorisationsService } from '../authorisations/authorisations.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { actsOn } from '../common/organization-access';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { DatasetsRepository, type DatasetWithOwner } from '../datasets/datasets.repository';
import { UsageEventsService } from '../insight/usage-events.service';
import type { DatasetAccessView } from './dataset-data.views';
import { DatasourceUnavailableError, HubDatasetStore } from './hub-dataset-store.service';
import { sparqlApiError } from './sparql-errors';
import { SparqlSlots } from './sparql-slots';

interface DataAnswer {
  /** UTF-8 bytes, sent as they are (no re-encoding on the way out). */
  body: Buffer;
  contentType: string;
  truncated: boolean;
  rows: number | null;
}

export function answerContentType(contentType: string): string {
  const textual = contentType.startsWith('text/') || contentType.endsWith('json') || contentType.endsWith('xml');
  return contentType + (textual ? '; charset=utf-8' : '');
}

type FormatChooser = (form: QueryForm) => ReturnType<typeof negotiateFormats>;

/** The owner organisation reads everything, a grantee its valid assignments, nobody else (platform admins included). */
@Injectable()
export class DatasetDataService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly datasets: DatasetsRepository,
    private readonly authorisations: AuthorisationsService,
    private readonly store: HubDatasetStore,
    private readonly usage: UsageEventsService,
    private readonly audit: ReadAuditService,
    private readonly slots: SparqlSlots,
  ) {}

  private async dataset(actor: AuthenticatedUser, id: string): Promise<DatasetWithOwner> {
    const row = await this.datasets.withOwner(id);
    if (!row || (!isOnline(row) && !actsOn(actor, row.owner_id))) throw ApiError.notFound();
    return row;
  }

  async access(actor: AuthenticatedUser, id: string): Promise<DatasetAccessView> {
    const dataset = await this.dataset(actor, id);
    return {
      dataset_id: dataset.id,
      owner: dataset.owner_id === actor.organizationId,
      scopes: await this.authorisations.scopesFor(actor.organizationId, dataset.id, dataset.owner_id),
    };
  }

  async permitted(actor: AuthenticatedUser, id: string): Promise<{ dataset: DatasetWithOwner; scopes: DatasetScope[] }> {
    const dataset = await this.dataset(actor, id);
    const scopes = await this.authorisations.scopesFor(actor.organizationId, dataset.id, dataset.owner_id);
    if (scopes.length === 0) throw ApiError.forbidden();
    if (!isOnline(dataset)) throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, DETAILS.datasetOffline);
    // Discovery in another process may have seen the data change: this process's copy and answers go too.
    this.store.observeVersion(dataset.id, dataset.copy_version);
    return { dataset, scopes };
  }

  sparql(
    actor: AuthenticatedUser,
    id: string,
    text: string | undefined,
    accept: string | undefined,
    choose: FormatChooser = () => negotiateFormats(accept),
    maxRows?: number,
  ): Promise<DataAnswer> {
    return this.audit.around(actor, id, 'read.query', () => this.runQuery(actor, id, text, accept, choose, maxRows), (answer) => ({ rows: answer.rows, bytes: answer.body.length }));
  }

  private async runQuery(
    actor: AuthenticatedUser,
    id: string,
    text: string | undefined,
    accept: string | undefined,
    choose: FormatChooser,
    maxRows: number | undefined,
  ): Promise<DataAnswer> {
    const { dataset, scopes } = await this.permitted(actor, id);
    this.usage.record(actor, 'DATASET_QUERIED', { subjectId: dataset.id });
    return this.slots.asUser(actor.id, async () => {
      try {
        const guarded = guardQuery(text ?? '');
        const formats = choose(guarded.form);
        return await this.onCopy(dataset.id, {
          local: async () => {
            const result = await this.onWorkers(actor, () =>
              this.store.engine.query(dataset.id, guarded.text, scopes, {
                resultsFormat: formats.results,
                graphFormat: formats.graph,
                group: actor.organizationId,
                ...(maxRows !== undefined ? { maxRows } : {}),
              }),
            );
            return { body: result.bytes, contentType: result.contentType, truncated: result.truncated, rows: result.count };
          },
          forwarded: () => this.forward(actor, dataset.id, guarded.text, scopes, formats.graph, accept),
        });
      } catch (error) {
        throw this.toApiError(error);
      }
    });
  }

  /** A copy lost meanwhile (its worker stopped at another query's deadline) is fetched again, once. */
  private async onCopy<T>(datasetId: string, ways: { local: () => Promise<T>; forwarded: () => Promise<T> }): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      if ((await this.store.ensure(datasetId)) === 'too_large') return ways.forwarded();
      try {
        return await ways.local();
      } catch (error) {
        if (attempt > 0 || !isSparqlError(error) || error.reason !== 'unknown_dataset' || this.store.engine.has(datasetId)) throw error;
      }
    }
  }

  /** Not counted as the asker's query (no usage event, no machine-read record). */
  async select(actor: AuthenticatedUser, datasetId: string, scopes: DatasetScope[], query: string): Promise<unknown> {
    try {
      const bytes = await this.onCopy(datasetId, {
        local: async () => (await this.onWorkers(actor, () => this.store.engine.query(datasetId, query, scopes, { resultsFormat: 'json', group: actor.organizationId }))).bytes,
        forwarded: async () => (await this.forward(actor, datasetId, query, scopes, 'turtle', 'application/sparql-results+json')).body,
      });
      return JSON.parse(Buffer.from(bytes).toString('utf8'));
    } catch (error) {
      throw this.toApiError(error);
    }
  }

  /** The permitted graph as RDF/XML, streamed; audited when the stream ends (bytes counted on the way) or is refused. */
  async xml(actor: AuthenticatedUser, id: string): Promise<{ slug: string; body: Readable }> {
    try {
      const answer = await this.runXml(actor, id);
      return { slug: answer.slug, body: this.audit.counted(actor, id, answer.body) };
    } catch (error) {
      this.audit.failed(actor, id, 'read.download', error);
      throw error;
    }
  }

  private async runXml(actor: AuthenticatedUser, id: string): Promise<{ slug: string; body: Readable }> {
    const { dataset, scopes } = await this.permitted(actor, id);
    this.usage.record(actor, 'XML_DOWNLOADED', { subjectId: dataset.id });
    return this.slots.asUser(actor.id, async () => {
      try {
        const body = await this.onCopy(dataset.id, {
          local: () => this.exportInSlot(actor, dataset.id, scopes),
          forwarded: () => this.forwardDownload(actor, dataset.id, scopes),
        });
        return { slug: dataset.slug, body };
      } catch (error) {
        throw this.toApiError(error);
      }
    });
  }

  private async exportInSlot(actor: AuthenticatedUser, datasetId: string, scopes: DatasetScope[]): Promise<Readable> {
    this.store.engine.expectWork();
    const slot = await this.slots.take(actor.organizationId, this.config.sparql.maxRunningPerOrganization);
    try {
      const body = await this.store.engine.exportStream(datasetId, scopes, 'rdfxml', { group: actor.organizationId });
      body.once('close', () => void slot.release());
      return body;
    } catch (error) {
      await slot.release();
      throw error;
    }
  }

  /** A dataset above the memory bound: the query runs at its data source, with the asker's own scopes. */
  private async forward(
    actor: AuthenticatedUser,
    datasetId: string,
    query: string,
    scopes: DatasetScope[],
    graphFormat: Parameters<typeof convertGraph>[1],
    accept: string | undefined,
  ): Promise<DataAnswer> {
    const response = await this.store.callDataset(datasetId, query, scopes, actor.organizationSlug, accept ?? 'application/sparql-results+json', this.store.forwardClient);
    if (response.status !== 200) throw refusal(response.status);
    // The data source's own cap: its 'X-Datahub-Truncated: true' reaches the asker.
    const truncated = response.truncated;
    if (response.contentType.startsWith('text/turtle') && graphFormat !== 'turtle') {
      return { body: Buffer.from(convertGraph(response.body.toString('utf8'), graphFormat), 'utf8'), contentType: GRAPH_MEDIA_TYPES[graphFormat], truncated, rows: null };
    }
    return { body: response.body, contentType: response.contentType.split(';')[0], truncated, rows: null };
  }

  /** Streamed through, never held whole; a Turtle-only data source is converted here (up to SPARQL_MAX_ANSWER_MB). */
  private async forwardDownload(actor: AuthenticatedUser, datasetId: string, scopes: DatasetScope[]): Promise<Readable> {
    // A store streams the permitted graphs as RDF/XML from its dump; an in-memory source's dump is the whole file (ReadAll only): CONSTRUCT.
    const dump = await this.store.streamDataset(datasetId, { dump: true }, scopes, actor.organizationSlug, 'application/rdf+xml');
    if (dump.status === 200 && dump.contentType.startsWith('application/rdf+xml')) return dump.body;
    dump.body.destroy();
    const answer = await this.store.streamDataset(datasetId, { query: 'CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }' }, scopes, actor.organizationSlug, 'application/rdf+xml, text/turtle;q=0.5');
    if (answer.status !== 200) {
      answer.body.destroy();
      throw refusal(answer.status);
    }
    // A download is the whole permitted part or nothing: one the data source cut is refused.
    if (answer.truncated) {
      answer.body.destroy();
      throw new ApiError(HttpStatus.BAD_GATEWAY, 'source_incomplete', { sparql_query: SPARQL_ERROR_TEXTS.sourceIncomplete });
    }
    if (!answer.contentType.startsWith('text/turtle')) return answer.body;
    const limit = Math.floor(this.config.sparql.maxAnswerMb * 1024 * 1024);
    const pieces: Buffer[] = [];
    let size = 0;
    for await (const piece of answer.body as AsyncIterable<Buffer>) {
      size += piece.length;
      if (size > limit) {
        answer.body.destroy();
        throw new DatasetTooLargeError('the Turtle answer is too large to convert');
      }
      pieces.push(piece);
    }
    return Readable.from([Buffer.from(convertGraph(Buffer.concat(pieces).toString('utf8'), 'rdfxml'), 'utf8')]);
  }

  private toApiError(error: unknown): Error {
    if (error instanceof ApiError) return error;
    const limits = { memoryMb: this.config.sparql.maxRssMb, queryMemoryMb: this.config.sparql.queryMemoryMb, answerMb: this.config.sparql.maxAnswerMb, deadlineMs: this.config.sparql.deadlineMs };
    // A forwarded answer above the cap is the same refusal as a local one: 413 with the Dutch text.
    if (error instanceof DatasetTooLargeError) return sparqlApiError(new SparqlError('answer_too_large', error.message), limits);
    if (error instanceof DatasourceUnavailableError) return new ApiError(HttpStatus.SERVICE_UNAVAILABLE, DETAILS.datasetOffline);
    if (isSparqlError(error)) return sparqlApiError(error, limits);
    return error as Error;
  }

  private onWorkers<T>(actor: AuthenticatedUser, work: () => Promise<T>): Promise<T> {
    this.store.engine.expectWork();
    return this.slots.asOrganization(actor.organizationId, work);
  }
}

function refusal(status: number): Error {
  if (status === 400) return new SparqlError('query_failed', 'the data source refused the query');
  if (status === 504) return new SparqlError('timeout', 'the data source did not answer in time');
  return new DatasourceUnavailableError(`the data source answered ${status}`);
}
