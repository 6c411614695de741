import { Matches, Max, Min, ValidateIf } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../core/config';

/** The environment variables of the database. */
@VariableGroup('Database')
export class DatabaseConfig {
  @Describe(
    'A PostgreSQL server, `postgres://user:password@host:5432/db`, which several instances may share; the embedded database serves one process at a time',
    { unset: 'embedded PGlite in `DATA_DIR`' },
  )
  @ValidateIf((config: DatabaseConfig) => config.DATABASE_URL !== '')
  @Matches(/^postgres(ql)?:\/\//, {
    message: 'DATABASE_URL must be a postgres:// URL (postgres://user:password@host:5432/db)',
  })
  DATABASE_URL = '';

  @Describe('Connections to the PostgreSQL server, per process (1–1000)')
  @IntegerVariable()
  @Min(1)
  @Max(1000)
  DATABASE_POOL_SIZE = 10;

  @Describe(
    'How long a start waits, retrying with backoff, for an unreachable PostgreSQL server (refused, down, starting up) before it stops; `0` tries once',
  )
  @IntegerVariable()
  @Min(0)
  @Max(3600)
  DATABASE_CONNECT_TIMEOUT_SECONDS = 30;
}
