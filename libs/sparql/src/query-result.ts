import type { GuardedQuery } from './guard';
import { GRAPH_MEDIA_TYPES, RESULTS_MEDIA_TYPES, type QueryResult } from './engine-types';
import type { GraphFormat, QueryOutput, ResultsFormat } from './worker-protocol';

export function queryResult(guarded: GuardedQuery, output: QueryOutput, formats: { graph: GraphFormat; results: ResultsFormat }, started: number): QueryResult {
  const graph = guarded.form === 'CONSTRUCT' || guarded.form === 'DESCRIBE';
  const askFormat = formats.results === 'xml' ? 'xml' : 'json';
  const bytes = output.bytes ? Buffer.from(output.bytes.buffer, output.bytes.byteOffset, output.bytes.byteLength) : Buffer.from(output.body, 'utf8');
  let body: string | undefined;
  return {
    form: guarded.form,
    contentType: graph ? GRAPH_MEDIA_TYPES[formats.graph] : RESULTS_MEDIA_TYPES[guarded.form === 'ASK' ? askFormat : formats.results],
    bytes,
    get body() {
      return (body ??= bytes.toString('utf8'));
    },
    truncated: output.truncated,
    count: output.count,
    durationMs: Date.now() - started,
  };
}
