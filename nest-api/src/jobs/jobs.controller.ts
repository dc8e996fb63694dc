import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { JobRunsRepository } from './job-runs.repository';
import { TimedJobs } from './timed-jobs';
import { TimedJobView } from './jobs.views';

function nextSlot(intervalSeconds: number, now = Date.now()): string {
  const ms = intervalSeconds * 1000;
  return new Date((Math.floor(now / ms) + 1) * ms).toISOString();
}

@ApiTags('jobs')
@Controller()
export class JobsController {
  constructor(
    private readonly jobs: TimedJobs,
    private readonly runs: JobRunsRepository,
  ) {}

  @Get('jobs')
  @SignedIn()
  @ApiOperation({ summary: 'Timed jobs: last run, outcome and next run (platform admins only)' })
  @ApiOkResponse({ type: TimedJobView, isArray: true })
  async list(@CurrentUser() actor: AuthenticatedUser): Promise<TimedJobView[]> {
    if (!actor.organizationAdmin) throw ApiError.forbidden();
    const jobs = this.jobs.list();
    const latest = await this.runs.latest(jobs.map((job) => job.name));
    return jobs.map((job) => {
      const last = latest.get(job.name);
      return {
        name: job.name,
        interval_seconds: job.intervalSeconds,
        last_started_at: last ? last.startedAt.toISOString() : null,
        last_finished_at: last?.finishedAt ? last.finishedAt.toISOString() : null,
        last_outcome: last?.outcome ?? null,
        last_attempt: last?.attempt ?? null,
        next_run_at: job.intervalSeconds > 0 ? nextSlot(job.intervalSeconds) : null,
      };
    });
  }
}
