/** Fair between groups (e.g. organisations): fewest running first, then least recently served, then oldest job. */
import { LRUCache } from 'lru-cache';
import { SparqlError } from './errors';
import type { Job } from './jobs';

const GROUPS_REMEMBERED = 10_000;
/** LRUCache keys cannot be undefined: ungrouped jobs share this one. */
const UNGROUPED = '\u0000ungrouped';

export class FairQueue {
  private readonly jobs: Job[] = [];
  private readonly lastServed = new LRUCache<string, number>({ max: GROUPS_REMEMBERED });
  private served = 0;

  constructor(private readonly maxLength: number) {}

  get length(): number {
    return this.jobs.length;
  }

  push(job: Job): void {
    if (this.jobs.length >= this.maxLength) throw new SparqlError('busy', 'too many queries waiting; try again later');
    this.jobs.push(job);
  }

  unshift(job: Job): void {
    this.jobs.unshift(job);
  }

  drain(): Job[] {
    return this.jobs.splice(0);
  }

  some(predicate: (job: Job) => boolean): boolean {
    return this.jobs.some(predicate);
  }

  /** A group running `maxPerGroup` jobs waits even with a worker free, which stays free for other groups; ungrouped jobs have no cap. */
  take(eligible: (job: Job) => boolean, running: ReadonlyMap<string | undefined, number>, maxPerGroup = Number.POSITIVE_INFINITY): Job | undefined {
    const allowed = (job: Job) => eligible(job) && (job.group === undefined || (running.get(job.group) ?? 0) < maxPerGroup);
    const rank = (job: Job): [number, number] => [running.get(job.group) ?? 0, this.lastServed.get(job.group ?? UNGROUPED) ?? -1];
    let best = -1;
    for (let index = 0; index < this.jobs.length; index += 1) {
      if (!allowed(this.jobs[index])) continue;
      if (best === -1) {
        best = index;
        continue;
      }
      const [runs, served] = rank(this.jobs[index]);
      const [bestRuns, bestServed] = rank(this.jobs[best]);
      if (runs < bestRuns || (runs === bestRuns && served < bestServed)) best = index;
    }
    if (best === -1) return undefined;
    const [job] = this.jobs.splice(best, 1);
    this.lastServed.set(job.group ?? UNGROUPED, this.served++);
    return job;
  }
}
