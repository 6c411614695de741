import { IsString, IsUrl, Max, Min, ValidateIf } from 'class-validator';
import { IntegerVariable } from '../core/config';

const URL_RULES = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/** The environment variables of the model providers. */
export class ProvidersConfig {
  /** Key for Anthropic's Messages API; agents with provider `anthropic` need it. */
  @IsString()
  ANTHROPIC_API_KEY = '';

  /** Another Anthropic-compatible endpoint (a proxy, a gateway); unset: Anthropic's own. */
  @ValidateIf((config: ProvidersConfig) => config.ANTHROPIC_BASE_URL !== '')
  @IsUrl(URL_RULES, { message: 'ANTHROPIC_BASE_URL must be an http(s) URL' })
  ANTHROPIC_BASE_URL = '';

  /** Key for OpenAI's Chat Completions API; agents with provider `openai` need it. */
  @IsString()
  OPENAI_API_KEY = '';

  /**
   * Any OpenAI-compatible server (Ollama `http://localhost:11434/v1`, vLLM, LM Studio); unset:
   * OpenAI's own. A local server needs no real key, but OPENAI_API_KEY must still be set.
   */
  @ValidateIf((config: ProvidersConfig) => config.OPENAI_BASE_URL !== '')
  @IsUrl(URL_RULES, { message: 'OPENAI_BASE_URL must be an http(s) URL' })
  OPENAI_BASE_URL = '';

  /** Retries of a failed model call (429, 5xx, connection errors) by the provider's SDK. */
  @IntegerVariable()
  @Min(0)
  @Max(10)
  PROVIDER_MAX_RETRIES = 2;

  /** Longest one model call may take, in seconds. */
  @IntegerVariable()
  @Min(1)
  @Max(3600)
  PROVIDER_TIMEOUT_SECONDS = 600;
}
