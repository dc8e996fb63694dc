import type { QueryOutput, WorkerRequest } from './worker-protocol';

export type JobRequest = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

export interface Job {
  request: JobRequest;
  deadlineMs?: number;
  group?: string;
  resolve?: (result: QueryOutput) => void;
  reject?: (error: Error) => void;
  onChunk?: (chunk: string) => void;
  /** If that view failed, the query reports the failure itself. */
  viewTried?: boolean;
  startedAt?: number;
  rssAtStartMb?: number;
  rssLowMb?: number;
  memoryCreditMb?: number;
}

/** Loads, unloads and views are the engine's own work; these have callers. */
export function isQueryJob(job: Job): boolean {
  return job.request.type === 'query' || job.request.type === 'export';
}
