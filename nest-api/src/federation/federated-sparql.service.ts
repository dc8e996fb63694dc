import { createHash, randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { Parser, Writer, type Quad } from 'n3';
import { DETAILS, isOnline, SPARQL_ERROR_TEXTS, SPARQL_PROTOCOL_TEXTS, SPARQL_REFUSAL_TEXTS } from '@datahub/domain';
import { DatasetTooLargeError, PUSH_DOWN_MAX_VALUES, SPARQL_LIMITS, SparqlError, guardQuery, isSparqlError, namedGraphs, planPushDown, replaceServices, selectionKey, serviceEndpoints, resolveScopes, type BindingRows, type PushDownPlan, type negotiateFormats } from '@datahub/sparql';
import { ReadAuditService } from '../audit/read-audit.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { CatalogIris } from '../catalog/catalog-rdf';
import { DatasourceUnavailableError, HubDatasetStore } from '../dataset-data/hub-dataset-store.service';
import { ProtocolError } from '../dataset-data/protocol-request';
import { sparqlApiError } from '../dataset-data/sparql-errors';
import { SparqlSlots } from '../dataset-data/sparql-slots';
import { UsageEventsService } from '../insight/usage-events.service';
import { Metrics } from '../metrics/metrics';
import { FEDERATION_TEXTS } from './federation-texts';
import { FederationRepository, type ReadableDataset } from './federation.repository';

type Formats = ReturnType<typeof negotiateFormats>;

export interface FederatedAnswer {
  body: Buffer;
  contentType: string;
  truncated: boolean;
  rows: number | null;
  datasets: string[];
}

const EVERYTHING = 'CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }';
/** Combined stores kept for the next query over the same datasets, versions and scopes (a client polling, the benchmark). */
const KEPT_COMBINATIONS = 4;
/** Longest pushed-down query sent to a data source: it travels in the URL of the protocol's GET, within Node's default 16 KB of headers. */
const MAX_FORWARDED_QUERY_CHARS = 12_000;
const ACCEPT_TRIPLES = 'application/n-triples, text/turtle;q=0.5';

/** What one pushed-down block brought: its triples, and the binding rows it reported for later blocks; 'cut': not whole, load the dataset whole. */
type BlockAnswer = { quads: Quad[]; rows: Map<string, Quad['object']>[]; restricted: boolean } | 'cut';

/** Every dataset the caller may read is a named graph (its catalogue IRI) of the caller's permitted part, combined in one oxigraph store. */
@Injectable()
export class FederatedSparqlService {
  private readonly logger = new Logger(FederatedSparqlService.name);
  private readonly iris: CatalogIris;
  private readonly kept: string[] = [];
  /** Combinations of hub copies asked once with push-down: asked again, the whole combination is built and kept. */
  private readonly asked = new Set<string>();
  private readonly building = new Map<string, Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: FederationRepository,
    private readonly store: HubDatasetStore,
    private readonly slots: SparqlSlots,
    private readonly usage: UsageEventsService,
    private readonly audit: ReadAuditService,
    private readonly metrics: Metrics,
  ) {
    this.iris = new CatalogIris(config.publicUrl);
  }

  iriOf(dataset: Pick<ReadableDataset, 'slug'>): string {
    return this.iris.dataset(dataset.slug);
  }

  async readable(actor: AuthenticatedUser): Promise<(ReadableDataset & { iri: string })[]> {
    return (await this.repository.readable(actor.organizationId)).filter((row) => isOnline(row)).map((row) => ({ ...row, iri: this.iriOf(row) }));
  }

  async sparql(actor: AuthenticatedUser, text: string, formats: Formats, maxRows?: number): Promise<FederatedAnswer> {
    guardQuery(text, { services: true });
    const query = await this.withoutServices(actor, text);
    const chosen = await this.choose(actor, query);
    for (const dataset of chosen) this.usage.record(actor, 'DATASET_QUERIED', { subjectId: dataset.id });
    try {
      const answer = await this.slots.asUser(actor.id, () => this.run(actor, query, chosen, formats, maxRows));
      for (const dataset of chosen) this.audit.around(actor, dataset.id, 'read.query', () => Promise.resolve(answer), (a) => ({ rows: a.rows, bytes: a.body.length })).catch(() => undefined);
      return answer;
    } catch (error) {
      for (const dataset of chosen) this.audit.failed(actor, dataset.id, 'read.query', error);
      throw error;
    }
  }

  /** That dataset is the default graph, each SERVICE its dataset's named graph, under the caller's machtigingen; FROM stays refused. */
  async sparqlOnDataset(actor: AuthenticatedUser, datasetId: string, text: string, formats: Formats, maxRows?: number): Promise<FederatedAnswer> {
    guardQuery(text, { services: true });
    const named = namedGraphs(text);
    if (named.from.length > 0 || named.fromNamed.length > 0) {
      throw new ProtocolError(HttpStatus.BAD_REQUEST, SPARQL_PROTOCOL_TEXTS.refused(SPARQL_REFUSAL_TEXTS.dataset_clause_not_allowed ?? SPARQL_PROTOCOL_TEXTS.failed));
    }
    const own = (await this.repository.readable(actor.organizationId)).find((row) => row.id === datasetId);
    if (!own) throw ApiError.forbidden();
    if (!isOnline(own)) throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, DETAILS.datasetOffline);
    const query = await this.withoutServices(actor, text, this.iriOf(own));
    const chosen = await this.choose(actor, query);
    for (const dataset of chosen) this.usage.record(actor, 'DATASET_QUERIED', { subjectId: dataset.id });
    try {
      const answer = await this.slots.asUser(actor.id, () => this.run(actor, query, chosen, formats, maxRows));
      for (const dataset of chosen) this.audit.around(actor, dataset.id, 'read.query', () => Promise.resolve(answer), (a) => ({ rows: a.rows, bytes: a.body.length })).catch(() => undefined);
      return answer;
    } catch (error) {
      for (const dataset of chosen) this.audit.failed(actor, dataset.id, 'read.query', error);
      throw error;
    }
  }

  /** An unreadable dataset gets a 403 naming it (SILENT: no solutions); any other endpoint stays refused (SSRF; ADR 0053). */
  private async withoutServices(actor: AuthenticatedUser, text: string, defaultGraph?: string): Promise<string> {
    const endpoints = serviceEndpoints(text);
    if (endpoints.length === 0 && defaultGraph === undefined) return text;
    const prefix = `${this.config.publicUrl}/api/datasets/`;
    const ids = endpoints.map((iri) => (iri.startsWith(prefix) ? /^([0-9a-f-]{36})\/sparql$/i.exec(iri.slice(prefix.length))?.[1]?.toLowerCase() : undefined));
    if (ids.some((id) => id === undefined)) throw new ProtocolError(HttpStatus.BAD_REQUEST, SPARQL_PROTOCOL_TEXTS.refused(SPARQL_REFUSAL_TEXTS.service_not_allowed ?? SPARQL_PROTOCOL_TEXTS.failed));
    const readable = new Map((await this.repository.readable(actor.organizationId)).filter((row) => isOnline(row)).map((row) => [row.id, row]));
    return replaceServices(text, (iri, silent) => {
      const row = readable.get(ids[endpoints.indexOf(iri)]!);
      if (row) return this.iriOf(row);
      if (silent) return null;
      throw new ProtocolError(HttpStatus.FORBIDDEN, FEDERATION_TEXTS.serviceNotReadable(iri));
    }, defaultGraph === undefined ? {} : { defaultGraph }).text;
  }

  /** FROM / FROM NAMED (each readable, else 403), else readable GRAPH IRIs, else (GRAPH ?g) every readable dataset. */
  private async choose(actor: AuthenticatedUser, text: string): Promise<ReadableDataset[]> {
    const named = namedGraphs(text);
    const clauses = [...new Set([...named.from, ...named.fromNamed])];
    if (clauses.length === 0 && named.graphIris.length === 0 && !named.graphVariable) return [];
    const readable = await this.repository.readable(actor.organizationId);
    const byIri = new Map(readable.map((row) => [this.iriOf(row), row]));
    if (clauses.length > 0) {
      const chosen: ReadableDataset[] = [];
      for (const iri of clauses) {
        const row = byIri.get(iri);
        if (!row) {
          await this.refusedInLogbook(actor, iri);
          throw new ProtocolError(HttpStatus.FORBIDDEN, FEDERATION_TEXTS.notReadable(iri));
        }
        if (!isOnline(row)) throw new ProtocolError(HttpStatus.SERVICE_UNAVAILABLE, FEDERATION_TEXTS.offline(iri));
        chosen.push(row);
      }
      return chosen;
    }
    const online = readable.filter((row) => isOnline(row));
    if (named.graphVariable) return online;
    const wanted = new Set(named.graphIris);
    return online.filter((row) => wanted.has(this.iriOf(row)));
  }

  /** A dataset of the hub named in FROM that the caller may not read: the refusal is in its owner's Logboek. */
  private async refusedInLogbook(actor: AuthenticatedUser, iri: string): Promise<void> {
    const prefix = this.iris.dataset('');
    if (!iri.startsWith(prefix)) return;
    let slug: string;
    try {
      slug = decodeURIComponent(iri.slice(prefix.length));
    } catch {
      return;
    }
    const id = await this.repository.idBySlug(slug);
    if (id) this.audit.failed(actor, id, 'read.query', ApiError.forbidden());
  }

  private async run(actor: AuthenticatedUser, text: string, chosen: ReadableDataset[], formats: Formats, maxRows: number | undefined): Promise<FederatedAnswer> {
    try {
      const key = await this.combined(actor, text, chosen);
      const result = await this.onWorkers(actor, () =>
        this.store.engine.query(key.key, text, ['Dataset.ReadAll'], {
          resultsFormat: formats.results,
          graphFormat: formats.graph,
          group: actor.organizationId,
          datasetClauses: true,
          ...(maxRows !== undefined ? { maxRows } : {}),
        }),
      ).finally(() => {
        if (!key.kept) this.store.engine.unload(key.key);
      });
      return { body: result.bytes, contentType: result.contentType, truncated: result.truncated, rows: result.count, datasets: chosen.map((row) => row.id) };
    } catch (error) {
      throw this.toApiError(error);
    }
  }

  /** Whole hub copies are kept per datasets, versions and scopes; a pushed-down or store-mode combination is loaded for this question only. */
  private async combined(actor: AuthenticatedUser, text: string, chosen: ReadableDataset[]): Promise<{ key: string; kept: boolean }> {
    const outcomes: ('local' | 'forwarded')[] = [];
    for (const dataset of chosen) {
      this.store.observeVersion(dataset.id, dataset.copy_version);
      outcomes.push((await this.store.ensure(dataset.id)) === 'too_large' ? 'forwarded' : 'local');
    }
    const local = outcomes.every((outcome) => outcome === 'local');
    const signature = chosen.map((row) => `${row.id}@${row.copy_version}/${selectionKey(resolveScopes(row.scopes))}`).join('|');
    const kept = `federated:${createHash('sha256').update(signature).digest('hex')}`;
    if (local && this.store.engine.has(kept)) {
      this.touch(kept);
      this.metrics.federationParts.inc({ how: 'kept' }, chosen.length);
      return { key: kept, kept: true };
    }
    const plan = this.config.sparql.pushDown && chosen.length > 0 ? planPushDown(text, chosen.map((row) => this.iriOf(row)), randomUUID().replace(/-/g, '')) : undefined;
    if (local && (!plan || plan.blocks.length === 0)) {
      await this.buildWhole(actor, chosen, kept);
      return { key: kept, kept: true };
    }
    if (local) {
      // Asked again over the same hub copies (a client polling, a workbench session): build the whole combination once, beside this answer.
      if (this.asked.has(kept)) this.buildWhole(actor, chosen, kept, { background: true }).catch((error: Error) => this.logger.warn(`combined store not built: ${error.message}`));
      this.remember(kept);
    }
    const key = `federated:${randomUUID()}`;
    const parts: (string | Quad[])[] = [];
    if (plan && plan.blocks.length > 0) parts.push(...(await this.pushedParts(actor, plan, chosen, outcomes)));
    else for (const [index, dataset] of chosen.entries()) parts.push(await this.wholePart(actor, dataset, outcomes[index]!));
    this.metrics.federationParts.inc({ how: 'whole' }, parts.filter((part) => typeof part === 'string').length);
    await this.loadParts(key, chosen, parts);
    return { key, kept: false };
  }

  private buildWhole(actor: AuthenticatedUser, chosen: ReadableDataset[], key: string, options: { background?: boolean } = {}): Promise<void> {
    const pending = this.building.get(key);
    if (pending) return pending;
    const built = (async () => {
      const parts: string[] = [];
      for (const dataset of chosen) {
        // In the background outside the organisation's running slots: the caller's own questions never wait for it.
        parts.push(options.background ? await this.store.engine.exportGraph(dataset.id, dataset.scopes, 'ntriples') : await this.localPart(actor, dataset));
      }
      await this.loadParts(key, chosen, parts);
      this.keep(key);
      this.metrics.federationParts.inc({ how: 'whole' }, chosen.length);
    })().finally(() => this.building.delete(key));
    this.building.set(key, built);
    return built;
  }

  private remember(key: string): void {
    this.asked.delete(key);
    this.asked.add(key);
    if (this.asked.size > 64) this.asked.delete(this.asked.values().next().value!);
  }

  private async loadParts(key: string, chosen: ReadableDataset[], parts: (string | Quad[])[]): Promise<void> {
    const writer = new Writer({ format: 'N-Quads' });
    for (const [index, dataset] of chosen.entries()) {
      const part = parts[index]!;
      // Blank nodes of two datasets never merge: each part's labels get a prefix of their own.
      const quads = typeof part === 'string' ? new Parser({ format: 'Turtle', blankNodePrefix: `d${index}_` }).parse(part) : part;
      const graph = { termType: 'NamedNode', value: this.iriOf(dataset) } as const;
      for (const quad of quads) writer.addQuad(quad.subject, quad.predicate, quad.object, graph as never);
    }
    const nquads = await new Promise<string>((resolve, reject) => writer.end((error, result) => (error ? reject(error) : resolve(result))));
    await this.store.engine.load(key, nquads, { format: 'nquads', countCategories: false });
  }

  private wholePart(actor: AuthenticatedUser, dataset: ReadableDataset, outcome: 'local' | 'forwarded'): Promise<string> {
    return outcome === 'local' ? this.localPart(actor, dataset) : this.forwardedPart(actor, dataset);
  }

  /** Pushed-down blocks, most selective first, restricted by earlier bindings (VALUES); a cut block or whole-load dataset gets its whole part. */
  private async pushedParts(actor: AuthenticatedUser, plan: PushDownPlan, chosen: ReadableDataset[], outcomes: ('local' | 'forwarded')[]): Promise<(string | Quad[])[]> {
    const at = new Map(chosen.map((row, index) => [this.iriOf(row), index]));
    const parts: (string | Quad[] | undefined)[] = chosen.map(() => undefined);
    const answers: BlockAnswer[] = [];
    for (const block of plan.blocks) {
      const index = at.get(block.graph)!;
      const values = block.source ? this.valuesOf(answers[block.source.block]!, block.source.variables) : undefined;
      // The block it joins with has no solutions: neither has the join, so nothing of this dataset is needed.
      const answer = values?.rows.length === 0 ? { quads: [], rows: [], restricted: true } : await this.pushedBlock(actor, chosen[index]!, outcomes[index]!, index, plan, block.construct.bind(block), values);
      answers.push(answer);
      if (answer !== 'cut') this.metrics.federationParts.inc({ how: answer.restricted ? 'restricted' : 'pushed' });
      parts[index] = answer === 'cut' ? await this.wholePart(actor, chosen[index]!, outcomes[index]!) : answer.quads;
    }
    const whole = new Set(plan.whole);
    const result: (string | Quad[])[] = [];
    for (const [index, dataset] of chosen.entries()) result.push(parts[index] ?? (whole.has(this.iriOf(dataset)) ? await this.wholePart(actor, dataset, outcomes[index]!) : []));
    return result;
  }

  /** None (fetch unrestricted) when cut, too many, or holding a blank node. */
  private valuesOf(answer: BlockAnswer, variables: string[]): BindingRows | undefined {
    if (answer === 'cut') return undefined;
    const rows = new Map<string, Quad['object'][]>();
    for (const row of answer.rows) {
      const terms = variables.map((name) => row.get(name));
      if (terms.some((term) => term === undefined || term.termType === 'BlankNode')) return undefined;
      rows.set(JSON.stringify(terms.map((term) => [term!.termType, term!.value, (term as { language?: string }).language ?? '', (term as { datatype?: { value: string } }).datatype?.value ?? ''])), terms as Quad['object'][]);
      if (rows.size > PUSH_DOWN_MAX_VALUES) return undefined;
    }
    return { variables, rows: [...rows.values()] as never };
  }

  private async pushedBlock(
    actor: AuthenticatedUser,
    dataset: ReadableDataset,
    outcome: 'local' | 'forwarded',
    index: number,
    plan: PushDownPlan,
    construct: (values?: BindingRows) => string,
    values: BindingRows | undefined,
  ): Promise<BlockAnswer> {
    const tooLong = (text: string) => (outcome === 'local' ? Buffer.byteLength(text) > SPARQL_LIMITS.maxQueryBytes : encodeURIComponent(text).length > MAX_FORWARDED_QUERY_CHARS);
    let text = construct(values);
    let restricted = values !== undefined;
    if (restricted && tooLong(text)) [text, restricted] = [construct(), false];
    if (tooLong(text)) return 'cut';
    let body: string;
    let contentType: string;
    if (outcome === 'local') {
      const result = await this.onWorkers(actor, () => this.store.engine.query(dataset.id, text, dataset.scopes, { graphFormat: 'ntriples', group: actor.organizationId }));
      if (result.truncated) return 'cut';
      [body, contentType] = [result.body, result.contentType];
    } else {
      const response = await this.store.callDataset(dataset.id, text, dataset.scopes, actor.organizationSlug, ACCEPT_TRIPLES, this.store.forwardClient);
      // A data source that cannot answer the pushed-down form (an older store) or cuts it: its whole part instead.
      if (response.status === 400 || response.truncated) return 'cut';
      if (response.status === 504) throw new SparqlError('timeout', 'the data source did not answer in time');
      if (response.status !== 200) throw new DatasourceUnavailableError(`the data source answered ${response.status}`);
      [body, contentType] = [response.body.toString('utf8'), response.contentType];
    }
    const quads: Quad[] = [];
    const rows = new Map<string, Map<string, Quad['object']>>();
    for (const quad of new Parser({ format: contentType.startsWith('application/n-triples') ? 'N-Triples' : 'Turtle', blankNodePrefix: `d${index}_` }).parse(body)) {
      if (!quad.predicate.value.startsWith(plan.markerPrefix)) {
        quads.push(quad);
        continue;
      }
      const row = rows.get(quad.subject.value) ?? new Map<string, Quad['object']>();
      row.set(quad.predicate.value.slice(plan.markerPrefix.length), quad.object);
      rows.set(quad.subject.value, row);
    }
    return { quads, rows: [...rows.values()], restricted };
  }

  private async localPart(actor: AuthenticatedUser, dataset: ReadableDataset): Promise<string> {
    return this.onWorkers(actor, () => this.store.engine.exportGraph(dataset.id, dataset.scopes, 'ntriples'));
  }

  /** Asked with the caller's own scopes: a store streams the permitted graphs from its dump; otherwise a cut CONSTRUCT is refused. */
  private async forwardedPart(actor: AuthenticatedUser, dataset: ReadableDataset): Promise<string> {
    const dump = await this.store.streamDataset(dataset.id, { dump: true }, dataset.scopes, actor.organizationSlug, 'application/n-triples, text/turtle;q=0.5');
    if (dump.status === 200 && !dump.truncated && dump.contentType.startsWith('text/turtle')) {
      const limit = Math.floor(this.config.sparql.maxAnswerMb * 1024 * 1024);
      const pieces: Buffer[] = [];
      let size = 0;
      for await (const piece of dump.body as AsyncIterable<Buffer>) {
        size += piece.length;
        if (size > limit) {
          dump.body.destroy();
          throw new DatasetTooLargeError('the permitted part is larger than the answer cap');
        }
        pieces.push(piece);
      }
      return Buffer.concat(pieces).toString('utf8');
    }
    dump.body.destroy();
    const response = await this.store.callDataset(dataset.id, EVERYTHING, dataset.scopes, actor.organizationSlug, 'application/n-triples, text/turtle;q=0.5', this.store.forwardClient);
    if (response.status === 400) throw new SparqlError('query_failed', 'the data source refused the query');
    if (response.status === 504) throw new SparqlError('timeout', 'the data source did not answer in time');
    if (response.status !== 200) throw new DatasourceUnavailableError(`the data source answered ${response.status}`);
    if (response.truncated) throw new ApiError(HttpStatus.BAD_GATEWAY, 'source_incomplete', { sparql_query: SPARQL_ERROR_TEXTS.sourceIncomplete });
    return response.body.toString('utf8');
  }

  private touch(key: string): void {
    const at = this.kept.indexOf(key);
    if (at !== -1) this.kept.splice(at, 1);
    this.kept.push(key);
  }

  private keep(key: string): void {
    this.touch(key);
    while (this.kept.length > KEPT_COMBINATIONS) this.store.engine.unload(this.kept.shift()!);
  }

  private toApiError(error: unknown): Error {
    if (error instanceof ApiError || error instanceof ProtocolError) return error;
    const limits = { memoryMb: this.config.sparql.maxRssMb, queryMemoryMb: this.config.sparql.queryMemoryMb, answerMb: this.config.sparql.maxAnswerMb, deadlineMs: this.config.sparql.deadlineMs };
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
