import { Global, Module } from '@nestjs/common';
import { JobRunner } from './job-runner.service';
import { JobRuns } from './job-runs';
import { JobsController } from './jobs.controller';
import { TimedJobs } from './timed-jobs';

/** Timed jobs on pg-boss (ADR 0023); global so any feature can register a job with `TimedJobs`. */
@Global()
@Module({ controllers: [JobsController], providers: [TimedJobs, JobRuns, JobRunner], exports: [TimedJobs] })
export class JobsModule {}
