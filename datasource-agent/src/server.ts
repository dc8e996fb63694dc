// The Hub Protocol's HTTP side (hub-protocol.md); dataset calls need a hub token for that dataset (tokens.ts).
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { DETAILS } from '@datahub/domain';
import { isSparqlError, negotiateFormats, type SparqlEngine } from '@datahub/sparql';
import type { DatasetManager } from './datasets';
import type { StoreDatasets } from './store/store-datasets';
import { rdfXml } from './store/rdfxml-writer';
import { Readable } from 'node:stream';
import type { Logger } from './log';
import { AuthError, verifyHubToken } from './tokens';
import type { QualitySummary } from './quality/summary';

export const LICENCES_FILE = 'licences.json';

interface ServerContext {
  engine: SparqlEngine;
  store?: StoreDatasets;
  manager: DatasetManager;
  secret: string;
  datasourceId: string;
  log: Logger;
  licencesFile?: string;
  health?: () => Record<string, unknown>;
  quality?: (file: string) => QualitySummary | undefined;
}

/** Query strings carry queries of up to 64 KB, URL-encoded up to ~3×. */
const MAX_HEADER_BYTES = 256 * 1024;

function send(response: ServerResponse, status: number, body: string | Buffer, contentType: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  response.end(body);
}

function sendStream(response: ServerResponse, body: string | Uint8Array, contentType: string): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  response.writeHead(200, { 'content-type': contentType, 'content-length': bytes.byteLength, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  const PIECE = 1024 * 1024;
  let offset = 0;
  const write = (): void => {
    while (offset < bytes.byteLength) {
      const piece = bytes.subarray(offset, offset + PIECE);
      offset += piece.byteLength;
      if (!response.write(piece)) {
        response.once('drain', write);
        return;
      }
    }
    response.end();
  };
  write();
}

function sendLines(response: ServerResponse, body: Readable, contentType: string): void {
  response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  body.on('error', () => response.destroy());
  body.pipe(response);
}

function sendJson(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  send(response, status, JSON.stringify(value), 'application/json; charset=utf-8', headers);
}

function sendError(response: ServerResponse, status: number, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): void {
  sendJson(response, status, { statusCode: status, detail, ...extra }, headers);
}

export function createAgentServer(context: ServerContext): Server {
  const { engine, manager, secret, log } = context;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://agent.invalid');
    let parts: string[];
    try {
      parts = url.pathname.split('/').filter(Boolean).map((part) => decodeURIComponent(part));
    } catch {
      return sendError(response, 400, 'malformed path');
    }

    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(response, 405, 'method not allowed', {}, { allow: 'GET, HEAD' });
    }

    if (parts.length === 0) {
      return sendJson(response, 200, {
        status: 'ok',
        service: 'datasource-agent',
        datasource_id: context.datasourceId,
        datasets: manager.list().length,
        ...(context.health?.() ?? {}),
      });
    }

    if (parts.length === 1 && parts[0] === 'licences' && context.licencesFile) {
      let licences: unknown;
      try {
        licences = JSON.parse(await readFile(context.licencesFile, 'utf8'));
      } catch {
        return sendError(response, 404, DETAILS.notFound);
      }
      return Array.isArray(licences) ? sendJson(response, 200, licences) : sendError(response, 404, DETAILS.notFound);
    }

    if (parts[0] !== 'datasets' || parts.length < 2 || parts.length > 3 || (parts.length === 3 && parts[2] !== 'metadata' && parts[2] !== 'dump')) {
      return sendError(response, 404, DETAILS.notFound);
    }
    const datasetId = parts[1];

    let claims;
    try {
      claims = verifyHubToken(request.headers.authorization, secret, datasetId);
    } catch (error) {
      if (error instanceof AuthError) {
        log.info('token refused', { dataset_id: datasetId, reason: error.reason, status: error.statusCode });
        // A 401 names no fault (expired, wrong signature …): that would coach a forger. The log has it.
        if (error.statusCode === 401) return sendError(response, 401, 'unauthorized', {}, { 'www-authenticate': 'Bearer' });
        return sendError(response, error.statusCode, error.detail, { reason: error.reason, message: error.message });
      }
      throw error;
    }

    const dataset = manager.get(datasetId);
    if (!dataset) return sendError(response, 404, DETAILS.notFound);

    if (parts.length === 3 && parts[2] === 'dump') {
      if (context.store) {
        const xml = /application\/rdf\+xml/i.test(request.headers.accept ?? '');
        log.info('dataset dumped', { dataset_id: dataset.id, sub: claims.sub, from: 'store', format: xml ? 'rdfxml' : 'ntriples' });
        const lines = await context.store.export(dataset.file, claims.scopes);
        return xml ? sendLines(response, Readable.from(rdfXml(lines)), 'application/rdf+xml; charset=utf-8') : sendLines(response, Readable.from(lines), 'text/turtle; charset=utf-8');
      }
      if (!claims.scopes.includes('Dataset.ReadAll')) {
        return sendError(response, 403, DETAILS.forbidden, { reason: 'not_read_all', message: 'the dump needs Dataset.ReadAll' });
      }
      const source = engine.source(dataset.file);
      if (source === undefined) return sendError(response, 404, DETAILS.notFound);
      log.info('dataset dumped', { dataset_id: dataset.id, sub: claims.sub });
      return sendStream(response, source, 'text/turtle; charset=utf-8');
    }

    if (parts.length === 3) {
      const quality = context.quality?.(dataset.file);
      return sendJson(response, 200, { dataset_id: dataset.id, ...dataset.metadata, triples: dataset.triples, categories: dataset.categories, ...(quality ? { quality } : {}) });
    }

    const query = url.searchParams.get('sparql_query');
    if (query === null) {
      return sendError(response, 400, 'sparql_query is required', { reason: 'missing_query' });
    }
    if (claims.scopes.length === 0) {
      return sendError(response, 403, DETAILS.forbidden, { reason: 'no_scopes', message: 'the token grants no scopes' });
    }
    try {
      // The formats of the hub's own answers (W3C): forwarded queries come with the asker's Accept.
      const formats = negotiateFormats(request.headers.accept);
      const result = context.store
        ? await context.store.query(dataset.file, query, claims.scopes, formats)
        : await engine.query(dataset.file, query, claims.scopes, { graphFormat: formats.graph, resultsFormat: formats.results });
      log.info('query answered', {
        dataset_id: dataset.id,
        sub: claims.sub,
        scopes: claims.scopes.join(','),
        form: result.form,
        count: result.count,
        ms: result.durationMs,
        truncated: result.truncated || undefined,
      });
      const charset = result.contentType.startsWith('text/') || result.contentType.endsWith('json') || result.contentType.endsWith('xml') ? '; charset=utf-8' : '';
      return send(response, 200, 'bytes' in result ? result.bytes : result.body, result.contentType + charset, result.truncated ? { 'x-datahub-truncated': 'true' } : {});
    } catch (error) {
      if (isSparqlError(error)) {
        log.info('query refused', { dataset_id: dataset.id, reason: error.reason });
        const status = error.httpStatus;
        const detail = status === 403 ? DETAILS.forbidden : status === 404 ? DETAILS.notFound : error.reason;
        return sendError(response, status, detail, { reason: error.reason, message: error.message });
      }
      throw error;
    }
  }

  return createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      log.error('request failed', { url: request.url?.split('?')[0], error });
      if (!response.headersSent) sendError(response, 500, DETAILS.internal);
      else response.destroy();
    });
  });
}
