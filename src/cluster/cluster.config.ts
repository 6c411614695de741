import { Matches, Max, Min, ValidateIf } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../core/config';

/** The environment variables of several instances sharing one PostgreSQL server. */
@VariableGroup('Several instances (PostgreSQL)')
export class ClusterConfig {
  @Describe(
    'A Redis server (`redis://host:6379`) to carry live run events between instances; catalog and cancel notices always use PostgreSQL',
    { unset: 'PostgreSQL `LISTEN/NOTIFY`' },
  )
  @ValidateIf((config: ClusterConfig) => config.REDIS_URL !== '')
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL = '';

  @Describe(
    'Seconds between the heartbeats an instance records for the runs it executes (PostgreSQL only)',
  )
  @IntegerVariable()
  @Min(1)
  @Max(3600)
  RUN_HEARTBEAT_SECONDS = 5;

  @Describe('A running run without a heartbeat this long, in seconds, is ended `RUN_INTERRUPTED`')
  @IntegerVariable()
  @Min(2)
  @Max(86_400)
  RUN_HEARTBEAT_TIMEOUT_SECONDS = 30;
}
