import { Max, Min } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../core/config';

/** The environment variables of the background job queue (pg-boss, in the database). */
@VariableGroup('Job queue')
export class JobsConfig {
  @Describe(
    'How often an idle worker asks the database for due jobs, in milliseconds (500–60000); a job sent by this process wakes its workers at once',
  )
  @IntegerVariable()
  @Min(500)
  @Max(60_000)
  JOB_POLL_INTERVAL_MS = 2000;

  @Describe('Jobs of one queue this process runs at the same time (1–32)')
  @IntegerVariable()
  @Min(1)
  @Max(32)
  JOB_CONCURRENCY = 2;

  @Describe(
    'How long a shutdown waits for running jobs to finish, in seconds; the ones still running then are returned to the queue for a retry',
  )
  @IntegerVariable()
  @Min(1)
  @Max(3600)
  JOB_SHUTDOWN_TIMEOUT_SECONDS = 10;

  @Describe(
    "Seconds between the queue's upkeep (one instance at a time): jobs of a stopped or crashed process whose time ran out are retried, old ones archived and deleted",
  )
  @IntegerVariable()
  @Min(1)
  @Max(86_400)
  JOB_MAINTENANCE_INTERVAL_SECONDS = 120;
}
