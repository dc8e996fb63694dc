/** Work for the oxigraph workers as the engine queues it (see engine.ts). */
import type { QueryOutput, WorkerRequest } from './worker-protocol';

export type JobRequest = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

export interface Job {
  request: JobRequest;
  deadlineMs?: number;
  group?: string;
  /** Only query-like jobs count for the memory watchdog and carry a caller. */
  resolve?: (result: QueryOutput) => void;
  reject?: (error: Error) => void;
  /** Pieces of a streamed export. */
  onChunk?: (chunk: string) => void;
  /** A view job already ran for this query (if it failed, the query reports the failure itself). */
  viewTried?: boolean;
  startedAt?: number;
  /** The process's resident memory when the job started, MB (only with a memory limit). */
  rssAtStartMb?: number;
  /** A query's memory budget: the lowest resident memory (MB) seen since it started (only with queryMemoryMb). */
  rssLowMb?: number;
  /** MB that loads in other workers added meanwhile: not this query's growth. */
  memoryCreditMb?: number;
}

/** Queries and exports: the work callers wait for (loads, unloads and views are the engine's own). */
export function isQueryJob(job: Job): boolean {
  return job.request.type === 'query' || job.request.type === 'export';
}
