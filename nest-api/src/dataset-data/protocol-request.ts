import { SPARQL_PROTOCOL_TEXTS as TEXTS } from '@datahub/domain';

export class ProtocolError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const FORM_MEDIA = 'application/x-www-form-urlencoded';
export const QUERY_MEDIA = 'application/sparql-query';

export function readProtocolRequest(request: { method: string; url: string; headers: Record<string, string | string[] | undefined>; body?: unknown }): string | null {
  const mark = request.url.indexOf('?');
  const params = new URLSearchParams(mark === -1 ? '' : request.url.slice(mark + 1));
  let direct: string | undefined;
  if (request.method === 'POST') {
    const contentType = String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const body = typeof request.body === 'string' ? request.body : '';
    if (contentType === FORM_MEDIA) for (const [name, value] of new URLSearchParams(body)) params.append(name, value);
    else if (contentType === QUERY_MEDIA) direct = body;
    else throw new ProtocolError(415, TEXTS.mediaType);
  }
  if (params.has('update') || params.has('using-graph-uri') || params.has('using-named-graph-uri')) throw new ProtocolError(400, TEXTS.update);
  if (params.has('default-graph-uri') || params.has('named-graph-uri')) throw new ProtocolError(400, TEXTS.graphParameters);
  const queries = params.getAll('query');
  if (direct !== undefined) queries.push(direct);
  if (queries.length > 1) throw new ProtocolError(400, TEXTS.twoQueries);
  if (queries.length === 0) {
    if (request.method === 'GET') return null;
    throw new ProtocolError(400, TEXTS.noQuery);
  }
  return queries[0];
}

export function isSparqlProtocolPath(url: string): boolean {
  return /^\/api\/(?:datasets\/[^/?]+\/)?sparql(?:\/download)?(?:\?|$)/.test(url);
}
