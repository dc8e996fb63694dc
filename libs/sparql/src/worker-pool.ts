import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Job } from './jobs';
import type { WorkerEvent, WorkerRequest, WorkerResponse } from './worker-protocol';

export interface Running {
  id: number;
  job: Job;
  timer?: NodeJS.Timeout;
}

export interface PoolWorker {
  worker: Worker;
  ready: boolean;
  loaded: Map<string, number>;
  views: Map<string, Map<string, number>>;
  running?: Running;
  dead: boolean;
  wasmBytes: number;
  /** Growth beyond this is what queries left behind. */
  baselineWasmBytes: number;
  lastGrowthBytes: number;
}

interface PoolEvents {
  ready(member: PoolWorker): void;
  /** `member.running` is already cleared. */
  answered(member: PoolWorker, running: Running, response: WorkerResponse): void;
  crashed(member: PoolWorker, running: Running | undefined, message: string): void;
  overdue(member: PoolWorker, deadlineMs: number): void;
}

interface PoolOptions {
  workerScript: string;
  resourceLimits?: ResourceLimits;
  viewsPerDataset?: number;
}

export function defaultWorkerScript(): string {
  const compiled = path.join(__dirname, 'worker.js');
  if (existsSync(compiled)) return compiled;
  // Running from the TypeScript sources (tests): use the build output.
  return path.join(__dirname, '..', 'dist', 'worker.js');
}

export class WorkerPool {
  readonly members: PoolWorker[] = [];
  private nextId = 1;

  constructor(
    private readonly options: PoolOptions,
    private readonly events: PoolEvents,
  ) {
    if (!existsSync(options.workerScript)) {
      throw new Error(`SPARQL worker script not found at ${options.workerScript}; build @datahub/sparql first`);
    }
  }

  live(): PoolWorker[] {
    return this.members.filter((member) => !member.dead);
  }

  spawn(replacing?: PoolWorker): PoolWorker {
    const worker = new Worker(this.options.workerScript, {
      ...(this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {}),
      ...(this.options.viewsPerDataset !== undefined ? { workerData: { viewsPerDataset: this.options.viewsPerDataset } } : {}),
    });
    const member: PoolWorker = { worker, ready: false, loaded: new Map(), views: new Map(), dead: false, wasmBytes: 0, baselineWasmBytes: 0, lastGrowthBytes: 0 };
    worker.on('message', (event: WorkerEvent) => {
      if ('type' in event && event.type === 'ready') {
        member.wasmBytes = member.baselineWasmBytes = event.wasmBytes ?? 0;
        member.ready = true;
        this.events.ready(member);
        return;
      }
      if ('type' in event && event.type === 'chunk') {
        if (member.running?.id === event.id) member.running.job.onChunk?.(event.chunk);
        return;
      }
      const response = event as WorkerResponse;
      if (member.running?.id !== response.id) return;
      const running = this.stopRunning(member)!;
      if (response.wasmBytes !== undefined) {
        member.lastGrowthBytes = Math.max(0, response.wasmBytes - member.wasmBytes);
        member.wasmBytes = response.wasmBytes;
        // Loading a dataset or building a view is what the worker is for: its growth is baseline.
        if (running.job.request.type === 'load' || running.job.request.type === 'view') member.baselineWasmBytes += member.lastGrowthBytes;
      }
      this.events.answered(member, running, response);
    });
    worker.on('error', (error) => this.reportCrash(member, error.message));
    worker.on('exit', (code) => this.reportCrash(member, `worker exited with code ${code}`));
    const index = replacing ? this.members.indexOf(replacing) : -1;
    if (index >= 0) this.members[index] = member;
    else this.members.push(member);
    return member;
  }

  private reportCrash(member: PoolWorker, message: string): void {
    if (member.dead) return;
    this.events.crashed(member, this.stopRunning(member), message);
  }

  stopRunning(member: PoolWorker): Running | undefined {
    const running = member.running;
    member.running = undefined;
    if (running?.timer) clearTimeout(running.timer);
    return running;
  }

  terminate(member: PoolWorker): boolean {
    if (member.dead) return false;
    member.dead = true;
    void member.worker.terminate().catch(() => undefined);
    return true;
  }

  dispatch(member: PoolWorker, job: Job, transfer?: ArrayBuffer): void {
    const id = this.nextId++;
    const request = { ...job.request, id } as WorkerRequest;
    job.startedAt = Date.now();
    member.running = { id, job };
    if (job.deadlineMs !== undefined) {
      const deadline = job.deadlineMs;
      member.running.timer = setTimeout(() => this.events.overdue(member, deadline), deadline);
    }
    if (transfer) member.worker.postMessage(request, [transfer]);
    else member.worker.postMessage(request);
  }

  runningByGroup(): Map<string | undefined, number> {
    const running = new Map<string | undefined, number>();
    for (const member of this.members) {
      if (member.running) running.set(member.running.job.group, (running.get(member.running.job.group) ?? 0) + 1);
    }
    return running;
  }

  keepAlive(pending: boolean): void {
    for (const member of this.members) {
      if (member.dead) continue;
      if (pending) member.worker.ref();
      else member.worker.unref();
    }
  }

  async terminateAll(error: () => Error): Promise<void> {
    await Promise.all(
      this.members.map(async (member) => {
        const running = this.stopRunning(member);
        member.dead = true;
        running?.job.reject?.(error());
        await member.worker.terminate().catch(() => undefined);
      }),
    );
  }
}
