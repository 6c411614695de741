import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue';
import { runEvery } from '../jobs/recurring-job';
import { ConsoleSessions } from './console-sessions';
import { OAuthKeys } from './oauth-keys';
import { OAuthStateRepository } from './oauth-state.repository';

const PURGE_QUEUE = 'oauth-purge';
/** Expired state already reads as absent: deleting it is housekeeping, hourly is plenty. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes the authorization server's expired state, its retired signing keys and the console
 * sessions that ended, every hour, on one instance at a time (`runEvery`).
 */
@Injectable()
export class OAuthStatePurge implements OnApplicationBootstrap {
  private readonly logger = new Logger('OAuth');

  constructor(
    private readonly jobs: JobQueue,
    private readonly state: OAuthStateRepository,
    private readonly keys: OAuthKeys,
    private readonly consoleSessions: ConsoleSessions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await runEvery(this.jobs, PURGE_QUEUE, PURGE_INTERVAL_MS, () => this.purge());
  }

  /** One purge, as the scheduled job runs it; how many rows, keys and console sessions it deleted. */
  async purge(): Promise<{ rows: number; keys: number; consoleSessions: number }> {
    const deleted = {
      rows: await this.state.purgeExpired(),
      keys: await this.keys.deleteRetiredSigningKeys(),
      consoleSessions: await this.consoleSessions.purgeEnded(),
    };
    if (deleted.rows + deleted.keys + deleted.consoleSessions > 0)
      this.logger.log(deleted, 'Expired OAuth state deleted');
    return deleted;
  }
}
