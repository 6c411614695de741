import Ajv from 'ajv';
import { onFirstUse } from '../../core/on-first-use';
import { type StopReason, type TokenUsage } from '../model-provider.contract';

/** One model turn of a scripted agent, as written in its `model_config.script`. */
export interface ScriptedTurn {
  thinking?: string;
  text?: string;
  tool_calls?: { id?: string; name: string; args?: Record<string, unknown> }[];
  /** Default: `tool_use` when the turn calls tools, else `end_turn`. */
  stop_reason?: StopReason;
  /** Default: about one token per four characters read and written. */
  usage?: TokenUsage;
  /** Fails the model call after the turn's text, like a provider error inside the stream. */
  error?: { message: string; code?: string };
  /** Keeps the turn open after its text until the run is cancelled. */
  hold?: boolean;
  /** Pause before each chunk, in milliseconds, for demos and benchmarks. */
  delay_ms?: number;
  /** Characters per streamed chunk (default 16). */
  chunk_size?: number;
}

const SCRIPT_SCHEMA = {
  type: 'array',
  maxItems: 1000,
  items: {
    type: 'object',
    additionalProperties: false,
    properties: {
      thinking: { type: 'string' },
      text: { type: 'string' },
      tool_calls: {
        type: 'array',
        maxItems: 64,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: {
            id: { type: 'string', minLength: 1, maxLength: 200 },
            name: { type: 'string', minLength: 1, maxLength: 200 },
            args: { type: 'object' },
          },
        },
      },
      stop_reason: { enum: ['end_turn', 'tool_use', 'max_tokens', 'stop_sequence', 'refusal'] },
      usage: {
        type: 'object',
        additionalProperties: false,
        required: ['input_tokens', 'output_tokens'],
        properties: {
          input_tokens: { type: 'integer', minimum: 0 },
          output_tokens: { type: 'integer', minimum: 0 },
        },
      },
      error: {
        type: 'object',
        additionalProperties: false,
        required: ['message'],
        properties: { message: { type: 'string' }, code: { type: 'string', minLength: 1 } },
      },
      hold: { type: 'boolean' },
      delay_ms: { type: 'integer', minimum: 0, maximum: 60_000 },
      chunk_size: { type: 'integer', minimum: 1 },
    },
  },
};

/** Compiled by the first script checked: most starts never see a scripted agent. */
const scriptValidator = onFirstUse(() =>
  new Ajv({ allErrors: true }).compile<ScriptedTurn[]>(SCRIPT_SCHEMA),
);

/** The problems of a `model_config.script`, each naming where it is. */
export function scriptProblems(script: unknown): string[] {
  const validateScript = scriptValidator();
  if (validateScript(script)) return [];
  return (validateScript.errors ?? []).map(
    (error) => `script${error.instancePath.replaceAll('/', '.')} ${error.message ?? 'is invalid'}`,
  );
}

export function isScript(script: unknown): script is ScriptedTurn[] {
  return scriptValidator()(script);
}
