import { Matches, Max, Min, ValidateIf } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../core/config';

const ORIGIN = String.raw`(\*|https?://[^\s,/]+)`;
const ORIGIN_LIST = new RegExp(String.raw`^${ORIGIN}(\s*,\s*${ORIGIN})*$`);

/** The environment variables of API keys. */
@VariableGroup('API keys')
export class ApiKeysConfig {
  @Describe(
    'The admin key of a database without keys, instead of a generated one: 32–256 printable characters, no spaces (`openssl rand -hex 32`); neither logged nor written',
    { unset: 'generated, shown once' },
  )
  @ValidateIf((config: ApiKeysConfig) => config.INITIAL_ADMIN_KEY !== '')
  @Matches(/^[\x21-\x7e]{32,256}$/, {
    message: 'INITIAL_ADMIN_KEY must be 32 to 256 printable characters without spaces',
  })
  INITIAL_ADMIN_KEY = '';

  @Describe(
    'Invalid keys one client address may send a minute; past that, its requests with a key get `429 TOO_MANY_REQUESTS` until the minute is over',
  )
  @IntegerVariable()
  @Min(1)
  @Max(1_000_000)
  AUTH_FAILURES_PER_MINUTE = 20;

  /**
   * Any is safe enough by default: a key travels in a header a page must be given, never in a
   * cookie the browser adds by itself.
   */
  @Describe(
    'Web pages (origins, comma-separated, or `*` for any) whose scripts may call `/api/v1` from a browser; `/api/tools` is open to every origin',
  )
  @Matches(ORIGIN_LIST, {
    message: 'CORS_ORIGINS must be * or comma-separated origins such as https://app.example.com',
  })
  CORS_ORIGINS = '*';

  /** The origins of CORS_ORIGINS, as a list. */
  get corsOrigins(): string[] {
    return this.CORS_ORIGINS.split(',').map((origin) => origin.trim());
  }
}
