import { IsString, IsUrl, Max, Min, ValidateIf } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../core/config';

const URL_RULES = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/** The environment variables of the model providers. */
@VariableGroup('Model providers')
export class ProvidersConfig {
  @Describe("Key for the `anthropic` provider (Anthropic's Messages API); agents using it need it")
  @IsString()
  ANTHROPIC_API_KEY = '';

  @Describe('Another Anthropic-compatible endpoint (a proxy, a gateway)', {
    unset: "Anthropic's own",
  })
  @ValidateIf((config: ProvidersConfig) => config.ANTHROPIC_BASE_URL !== '')
  @IsUrl(URL_RULES, { message: 'ANTHROPIC_BASE_URL must be an http(s) URL' })
  ANTHROPIC_BASE_URL = '';

  @Describe(
    'Key for the `openai` provider (Chat Completions); any value for a local server, which still needs one',
  )
  @IsString()
  OPENAI_API_KEY = '';

  @Describe('Any OpenAI-compatible server (Ollama `http://localhost:11434/v1`, vLLM, LM Studio)', {
    unset: "OpenAI's own",
  })
  @ValidateIf((config: ProvidersConfig) => config.OPENAI_BASE_URL !== '')
  @IsUrl(URL_RULES, { message: 'OPENAI_BASE_URL must be an http(s) URL' })
  OPENAI_BASE_URL = '';

  @Describe(
    "Retries of a failed model call (429, 5xx, connection errors) by the provider's SDK (0–10)",
  )
  @IntegerVariable()
  @Min(0)
  @Max(10)
  PROVIDER_MAX_RETRIES = 2;

  @Describe('Longest one model call may take, in seconds')
  @IntegerVariable()
  @Min(1)
  @Max(3600)
  PROVIDER_TIMEOUT_SECONDS = 600;
}
