import { Matches, Max, Min, ValidateIf } from 'class-validator';
import { IntegerVariable } from '../core/config';

/** The environment variables of API keys. */
export class ApiKeysConfig {
  /**
   * The admin key a fresh deployment starts with, instead of a generated one: used only while
   * no key exists in the database. 32 to 256 printable characters, no spaces.
   */
  @ValidateIf((config: ApiKeysConfig) => config.INITIAL_ADMIN_KEY !== '')
  @Matches(/^[\x21-\x7e]{32,256}$/, {
    message: 'INITIAL_ADMIN_KEY must be 32 to 256 printable characters without spaces',
  })
  INITIAL_ADMIN_KEY = '';

  /**
   * Invalid API keys one client address may send per minute; past that, its requests with a
   * key are answered `429 TOO_MANY_REQUESTS` until the minute is over.
   */
  @IntegerVariable()
  @Min(1)
  @Max(1_000_000)
  AUTH_FAILURES_PER_MINUTE = 20;
}
