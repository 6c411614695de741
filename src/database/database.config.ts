import { IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { IntegerVariable } from '../core/config';

/** The environment variables of the database. */
export class DatabaseConfig {
  /**
   * A PostgreSQL server (`postgres://user:password@host:5432/db`). Unset: the embedded
   * PGlite database in `DATA_DIR`, for one process at a time.
   */
  @ValidateIf((config: DatabaseConfig) => config.DATABASE_URL !== '')
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL = '';

  /** Where the embedded database keeps its files (ignored when DATABASE_URL is set). */
  @IsString()
  @MinLength(1)
  DATA_DIR = './data';

  /** Connections to the PostgreSQL server, per process. */
  @IntegerVariable()
  @Min(1)
  @Max(1000)
  DATABASE_POOL_SIZE = 10;
}
