import type { DatasetRegistry } from './dataset-registry';
import type { FairQueue } from './fair-queue';
import type { Job } from './jobs';
import { selectionKey } from './scopes';
import type { PoolWorker, WorkerPool } from './worker-pool';

export function nextJob(member: PoolWorker, datasets: DatasetRegistry, queue: FairQueue, pool: WorkerPool, maxRunningPerGroup?: number): Job | undefined {
  const sync = datasets.nextSyncJob(member);
  if (sync) return sync;
  const job = queue.take(
    (queued) => {
      const holder = datasets.holderOf(queued);
      return holder === undefined || holder === member;
    },
    pool.runningByGroup(),
    maxRunningPerGroup,
  );
  if (!job) return undefined;
  const request = job.request;
  if ((request.type === 'query' || request.type === 'export') && !request.selection.all) {
    const view = selectionKey(request.selection);
    if (!job.viewTried && datasets.has(request.key) && !member.views.get(request.key)?.has(view)) {
      job.viewTried = true;
      // Build the view first, without the query's deadline (it is work on the data, not the query's).
      queue.unshift(job);
      return { request: { type: 'view', key: request.key, selection: request.selection } };
    }
  }
  return job;
}

/** Not for a job bound to the worker holding its single-copy dataset. */
export function shouldGrow(workers: number, pool: WorkerPool, queue: FairQueue, datasets: DatasetRegistry): boolean {
  const live = pool.live();
  if (live.length >= workers || live.some((member) => !member.ready || !member.running)) return false;
  return queue.some((job) => {
    const holder = datasets.holderOf(job);
    return holder === undefined || holder.dead;
  });
}
