import { Matches, Max, Min, ValidateIf } from 'class-validator';
import { IntegerVariable } from '../core/config';

const ORIGIN = String.raw`(\*|https?://[^\s,/]+)`;
const ORIGIN_LIST = new RegExp(String.raw`^${ORIGIN}(\s*,\s*${ORIGIN})*$`);

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

  /**
   * The web pages (origins) whose scripts may call `/api/v1` from a browser: `*` for any, or a
   * comma-separated list. Any is safe enough by default: a key travels in a header a page must
   * be given, never in a cookie the browser adds by itself.
   */
  @Matches(ORIGIN_LIST, {
    message: 'CORS_ORIGINS must be * or comma-separated origins such as https://app.example.com',
  })
  CORS_ORIGINS = '*';

  /** The origins of CORS_ORIGINS, as a list. */
  get corsOrigins(): string[] {
    return this.CORS_ORIGINS.split(',').map((origin) => origin.trim());
  }
}
