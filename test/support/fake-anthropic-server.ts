/**
 * A local stand-in for Anthropic's Messages API that streams scripted turns in the API's real
 * Server-Sent Events format. Give `url` as ANTHROPIC_BASE_URL: the SDK posts to `/v1/messages`.
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

export interface AnthropicScriptedToolCall {
  id: string;
  name: string;
  input?: Record<string, unknown>;
  /** The argument text to stream instead of `input`'s JSON, e.g. malformed JSON. */
  inputJson?: string;
}

/** One answer of the fake server; its parts stream in this order, each split into deltas. */
export interface AnthropicTurn {
  /** Default `msg_fake_<n>`, n counting requests from 1. */
  messageId?: string;
  thinking?: string;
  signature?: string;
  text?: string;
  toolCalls?: AnthropicScriptedToolCall[];
  /** Default `tool_use` when there are tool calls, else `end_turn`. */
  stopReason?: string;
  /** Default `{ input_tokens: 10, output_tokens: 20 }`. */
  usage?: { input_tokens: number; output_tokens: number };
  /** An in-stream `event: error` sent after the text, ending the stream. */
  streamError?: { type: string; message: string };
  /** An HTTP error answer instead of a stream. */
  httpError?: { status: number; type: string; message: string };
  /** Keeps the stream open after the text until the client disconnects. */
  hold?: boolean;
}

export interface FakeAnthropicServer extends ScriptedModelServer<AnthropicTurn> {
  /** The base URL to give the SDK (the origin). */
  url: string;
  /** The variables that point an app's `anthropic` provider here, with no retries. */
  env: Record<string, string>;
}

export async function startFakeAnthropicServer(): Promise<FakeAnthropicServer> {
  const server = await startScriptedModelServer('/v1/messages', writeAnthropicTurn);
  const env = {
    ANTHROPIC_BASE_URL: server.origin,
    ANTHROPIC_API_KEY: 'test-key',
    PROVIDER_MAX_RETRIES: '0',
  };
  return { ...server, url: server.origin, env };
}

function writeAnthropicTurn(
  turn: AnthropicTurn,
  response: ServerResponse,
  request: ReceivedModelRequest,
  requestNumber: number,
): void {
  if (turn.httpError) {
    const { status, type, message } = turn.httpError;
    writeJsonError(response, status, {
      type: 'error',
      error: { type, message },
      request_id: 'req_fake',
    });
    return;
  }
  const send = (event: string, data: Record<string, unknown>) =>
    response.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
  const usage = turn.usage ?? { input_tokens: 10, output_tokens: 20 };
  let index = 0;

  startEventStream(response);
  send('message_start', {
    message: {
      id: turn.messageId ?? `msg_fake_${requestNumber}`,
      type: 'message',
      role: 'assistant',
      model: request.body.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: usage.input_tokens, output_tokens: 1 },
    },
  });
  send('ping', {});

  if (turn.thinking !== undefined) {
    send('content_block_start', {
      index,
      content_block: { type: 'thinking', thinking: '', signature: '' },
    });
    for (const thinking of splitIntoWords(turn.thinking)) {
      send('content_block_delta', { index, delta: { type: 'thinking_delta', thinking } });
    }
    if (turn.signature) {
      send('content_block_delta', {
        index,
        delta: { type: 'signature_delta', signature: turn.signature },
      });
    }
    send('content_block_stop', { index });
    index += 1;
  }

  if (turn.text !== undefined) {
    send('content_block_start', { index, content_block: { type: 'text', text: '' } });
    for (const text of splitIntoWords(turn.text)) {
      send('content_block_delta', { index, delta: { type: 'text_delta', text } });
    }
    if (turn.hold) return;
    send('content_block_stop', { index });
    index += 1;
  }

  if (turn.streamError) {
    send('error', { error: turn.streamError });
    response.end();
    return;
  }

  for (const call of turn.toolCalls ?? []) {
    send('content_block_start', {
      index,
      content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
    });
    for (const partial_json of splitIntoPieces(
      call.inputJson ?? JSON.stringify(call.input ?? {}),
    )) {
      send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
    }
    send('content_block_stop', { index });
    index += 1;
  }

  const toolUse = (turn.toolCalls?.length ?? 0) > 0;
  send('message_delta', {
    delta: {
      stop_reason: turn.stopReason ?? (toolUse ? 'tool_use' : 'end_turn'),
      stop_sequence: null,
    },
    usage: { output_tokens: usage.output_tokens },
  });
  send('message_stop', {});
  response.end();
}
