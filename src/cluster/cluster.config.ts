import { Matches, Max, Min, ValidateIf } from 'class-validator';
import { IntegerVariable } from '../core/config';

/** The environment variables of several instances sharing one PostgreSQL server. */
export class ClusterConfig {
  /**
   * A Redis server (`redis://host:6379`) to carry the live run events between instances.
   * Unset: PostgreSQL `LISTEN/NOTIFY` carries them. Catalog notices always use PostgreSQL.
   */
  @ValidateIf((config: ClusterConfig) => config.REDIS_URL !== '')
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL = '';

  /** Seconds between the heartbeats an instance records for the runs it executes. */
  @IntegerVariable()
  @Min(1)
  @Max(3600)
  RUN_HEARTBEAT_SECONDS = 5;

  /** Seconds without a heartbeat after which a running run is ended as `RUN_INTERRUPTED`. */
  @IntegerVariable()
  @Min(2)
  @Max(86_400)
  RUN_HEARTBEAT_TIMEOUT_SECONDS = 30;
}
