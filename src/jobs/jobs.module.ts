import { Module } from '@nestjs/common';
import { provideFeatureConfig } from '../core/config';
import { JobQueue } from './job-queue';
import { JobsConfig } from './jobs.config';

/** The background job queue (`JobQueue`), on the app's database. */
@Module({
  providers: [provideFeatureConfig(JobsConfig), JobQueue],
  exports: [JobQueue, JobsConfig],
})
export class JobsModule {}
