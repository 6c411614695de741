/**
 * A local stand-in for OpenAI's Chat Completions API that streams scripted turns in the API's
 * real `data: <chunk>` format. Give `url` (ending in `/v1`) as OPENAI_BASE_URL: the SDK posts to
 * `/v1/chat/completions`, as it does against Ollama's `http://localhost:11434/v1`.
 */
import { type ServerResponse } from 'node:http';
import {
  type ReceivedModelRequest,
  type ScriptedModelServer,
  splitIntoPieces,
  splitIntoWords,
  startEventStream,
  startScriptedModelServer,
  writeJsonError,
} from './scripted-model-server';

export interface OpenAIScriptedToolCall {
  /** Left out of the stream when undefined, as some compatible servers do. */
  id?: string;
  name: string;
  arguments?: Record<string, unknown>;
  /** The argument text to stream instead of `arguments`' JSON, e.g. malformed JSON. */
  argumentsText?: string;
}

interface OpenAIErrorBody {
  message: string;
  type: string;
  code: string | null;
}

/** One answer of the fake server; its parts stream in this order, each split into deltas. */
export interface OpenAITurn {
  /** Default `chatcmpl-fake-<n>`, n counting requests from 1. */
  id?: string;
  /** Reasoning text as DeepSeek/vLLM (`reasoning_content`, the default) or Ollama send it. */
  reasoning?: string;
  reasoningField?: 'reasoning_content' | 'reasoning';
  text?: string;
  toolCalls?: OpenAIScriptedToolCall[];
  /** Default `tool_calls` when there are tool calls, else `stop`. */
  finishReason?: 'stop' | 'length' | 'tool_calls' | 'content_filter';
  /** Sent only when the request asks for it (`stream_options.include_usage`); default 10/20. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** A `data: {"error": …}` chunk sent after the text, ending the stream. */
  streamError?: OpenAIErrorBody;
  /** An HTTP error answer instead of a stream. */
  httpError?: OpenAIErrorBody & { status: number };
  /** Keeps the stream open after the text until the client disconnects. */
  hold?: boolean;
}

export interface FakeOpenAIServer extends ScriptedModelServer<OpenAITurn> {
  /** The base URL to give the SDK: the origin followed by `/v1`. */
  url: string;
  /** The variables that point an app's `openai` provider here, with no retries. */
  env: Record<string, string>;
}

export async function startFakeOpenAIServer(): Promise<FakeOpenAIServer> {
  const server = await startScriptedModelServer('/v1/chat/completions', writeOpenAITurn);
  const url = `${server.origin}/v1`;
  const env = { OPENAI_BASE_URL: url, OPENAI_API_KEY: 'test-key', PROVIDER_MAX_RETRIES: '0' };
  return { ...server, url, env };
}

function writeOpenAITurn(
  turn: OpenAITurn,
  response: ServerResponse,
  request: ReceivedModelRequest,
  requestNumber: number,
): void {
  if (turn.httpError) {
    const { status, ...error } = turn.httpError;
    writeJsonError(response, status, { error: { ...error, param: null } });
    return;
  }
  const includeUsage = isUsageRequested(request.body);
  const chunk = (choices: unknown[], usage: unknown = null) => ({
    id: turn.id ?? `chatcmpl-fake-${requestNumber}`,
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: request.body.model,
    system_fingerprint: 'fp_fake',
    choices,
    ...(includeUsage && { usage }),
  });
  const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
  const sendDelta = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    send(chunk([{ index: 0, delta, logprobs: null, finish_reason: finishReason }]));

  startEventStream(response);
  sendDelta({ role: 'assistant', content: '', refusal: null });
  for (const reasoning of splitIntoWords(turn.reasoning ?? '')) {
    sendDelta({ [turn.reasoningField ?? 'reasoning_content']: reasoning });
  }
  for (const content of splitIntoWords(turn.text ?? '')) sendDelta({ content });
  if (turn.hold) return;

  if (turn.streamError) {
    send({ error: { ...turn.streamError, param: null } });
    response.end();
    return;
  }

  (turn.toolCalls ?? []).forEach((call, index) => {
    sendDelta({
      tool_calls: [
        { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
      ],
    });
    const text = call.argumentsText ?? JSON.stringify(call.arguments ?? {});
    for (const piece of splitIntoPieces(text)) {
      sendDelta({ tool_calls: [{ index, function: { arguments: piece } }] });
    }
  });

  const toolUse = (turn.toolCalls?.length ?? 0) > 0;
  sendDelta({}, turn.finishReason ?? (toolUse ? 'tool_calls' : 'stop'));
  if (includeUsage) {
    const { prompt_tokens, completion_tokens } = turn.usage ?? {
      prompt_tokens: 10,
      completion_tokens: 20,
    };
    send(
      chunk([], {
        prompt_tokens,
        completion_tokens,
        total_tokens: prompt_tokens + completion_tokens,
      }),
    );
  }
  response.write('data: [DONE]\n\n');
  response.end();
}

function isUsageRequested({ stream_options: options }: Record<string, unknown>): boolean {
  return (
    typeof options === 'object' &&
    options !== null &&
    'include_usage' in options &&
    options.include_usage === true
  );
}
