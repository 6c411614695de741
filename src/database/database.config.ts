import { Matches, Max, Min, ValidateIf } from 'class-validator';
import { IntegerVariable } from '../core/config';

/** The environment variables of the database. */
export class DatabaseConfig {
  /**
   * A PostgreSQL server (`postgres://user:password@host:5432/db`). Unset: the embedded
   * PGlite database in `DATA_DIR`, for one process at a time.
   */
  @ValidateIf((config: DatabaseConfig) => config.DATABASE_URL !== '')
  @Matches(/^postgres(ql)?:\/\//, {
    message: 'DATABASE_URL must be a postgres:// URL (postgres://user:password@host:5432/db)',
  })
  DATABASE_URL = '';

  /** Connections to the PostgreSQL server, per process. */
  @IntegerVariable()
  @Min(1)
  @Max(1000)
  DATABASE_POOL_SIZE = 10;

  /**
   * How long a start waits for an unreachable PostgreSQL server (refused, down, starting up),
   * retrying with backoff, before it gives up; 0: one attempt.
   */
  @IntegerVariable()
  @Min(0)
  @Max(3600)
  DATABASE_CONNECT_TIMEOUT_SECONDS = 30;
}
