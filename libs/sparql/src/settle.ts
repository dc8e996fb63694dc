import type { DatasetRegistry } from './dataset-registry';
import { SparqlError } from './errors';
import type { Job } from './jobs';
import type { PoolWorker } from './worker-pool';
import type { LoadInfo, QueryOutput, WorkerResponse } from './worker-protocol';

export function settle(member: PoolWorker, job: Job, response: WorkerResponse, datasets: DatasetRegistry): void {
  const request = job.request;
  if (request.type === 'load') {
    if (response.ok) {
      member.loaded.set(request.key, request.version);
      member.views.delete(request.key);
      datasets.loaded(request.key, request.version, response.result as LoadInfo);
    } else if (!response.fatal) {
      const entry = datasets.get(request.key);
      if (entry && entry.version === request.version) datasets.failLoad(entry, new SparqlError(response.error.reason, response.error.message));
    } else {
      datasets.loadCrashed(request.key, request.version, () => new SparqlError(response.error.reason, response.error.message));
    }
    return;
  }
  if (request.type === 'unload') {
    member.loaded.delete(request.key);
    member.views.delete(request.key);
    return;
  }
  if (response.ok && (response.result as QueryOutput | null)?.views) member.views.set(request.key, new Map((response.result as QueryOutput).views));
  if (request.type === 'view') {
    if (!response.ok) member.views.delete(request.key);
    return;
  }
  if (response.ok) job.resolve?.(response.result as QueryOutput);
  else job.reject?.(new SparqlError(response.error.reason, response.error.message));
}
