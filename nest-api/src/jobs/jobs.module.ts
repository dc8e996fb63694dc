import { Global, Module } from '@nestjs/common';
import { JobRunner } from './job-runner.service';
import { JobsController } from './jobs.controller';
import { QueuedJobs } from './queued-jobs';
import { TimedJobs } from './timed-jobs';

@Global()
@Module({ controllers: [JobsController], providers: [TimedJobs, QueuedJobs, JobRunner], exports: [TimedJobs, QueuedJobs] })
export class JobsModule {}
