import { type ConversationMessage } from '../../providers/model-provider.contract';
import {
  type RunEvent,
  type RunEventFields,
  type RunEventType,
  isPersisted,
} from '../events/run-event.types';
import { conversationOf, toolResultText } from './conversation-history';

const USAGE = { input_tokens: 12, output_tokens: 3 };

let nextIndex = 0;

/** An event of the session's log, as the event store returns it. */
function event<T extends RunEventType>(type: T, fields: RunEventFields[T]): RunEvent {
  return {
    type,
    sessionId: 'session-1',
    runId: 'run-1',
    eventIndex: nextIndex++,
    timestamp: '2026-11-22T10:00:00.000Z',
    persistenceState: isPersisted(type) ? 'persisted' : 'transient',
    ...fields,
  } as RunEvent;
}

const said = (content: string) => event('user_message_sent', { content });
const answered = (content: string, stopReason = 'end_turn') =>
  event('message', { content, messageId: `msg_${nextIndex}`, stopReason, usage: USAGE });
const called = (toolUseId: string, args: Record<string, unknown> = {}) =>
  event('tool_use', { toolUseId, toolName: 'encodePlantUML', args });
const returned = (toolUseId: string, result: unknown) =>
  event('tool_result', { toolUseId, toolName: 'encodePlantUML', success: true, result });
const failed = (error: string, code: string) => event('error', { error, code });

const user = (content: string): ConversationMessage => ({ role: 'user', content });
const assistant = (text: string, toolCalls: { id: string; args?: object }[] = []) => ({
  role: 'assistant' as const,
  thinking: [],
  text,
  toolCalls: toolCalls.map(({ id, args = {} }) => ({ id, name: 'encodePlantUML', args })),
});
const toolResults = (...results: [toolUseId: string, content: string, isError?: boolean][]) => ({
  role: 'tool_results' as const,
  results: results.map(([toolUseId, content, isError = false]) => ({
    toolUseId,
    toolName: 'encodePlantUML',
    content,
    isError,
  })),
});

describe('conversationOf', () => {
  it('is empty for a session without events', () => {
    expect(conversationOf([])).toEqual([]);
  });

  it('alternates the user messages and the agent messages of successive runs', () => {
    expect(
      conversationOf([said('Hi'), answered('Hello!'), said('Draw a login'), answered('Done.')]),
    ).toEqual([user('Hi'), assistant('Hello!'), user('Draw a login'), assistant('Done.')]);
  });

  it('groups a turn’s tool calls into its assistant message and their results into one message', () => {
    const code = { plantumlCode: '@startuml\nA -> B\n@enduml' };
    expect(
      conversationOf([
        said('Two diagrams, please'),
        answered('Encoding both.', 'tool_use'),
        called('toolu_1', code),
        called('toolu_2'),
        returned('toolu_2', { url: 'https://example.com/2' }),
        returned('toolu_1', 'plain text result'),
        answered('Here they are.'),
      ]),
    ).toEqual([
      user('Two diagrams, please'),
      assistant('Encoding both.', [{ id: 'toolu_1', args: code }, { id: 'toolu_2' }]),
      toolResults(['toolu_2', '{"url":"https://example.com/2"}'], ['toolu_1', 'plain text result']),
      assistant('Here they are.'),
    ]);
  });

  it('gives a tool call with no message before it an assistant message of its own', () => {
    expect(conversationOf([said('Go'), called('toolu_1')])).toEqual([
      user('Go'),
      assistant('', [{ id: 'toolu_1' }]),
    ]);
  });

  it('starts a new group of results after each model turn', () => {
    expect(
      conversationOf([
        said('Go'),
        answered('First.', 'tool_use'),
        called('toolu_1'),
        returned('toolu_1', 'one'),
        answered('Second.', 'tool_use'),
        called('toolu_2'),
        returned('toolu_2', 'two'),
      ]),
    ).toEqual([
      user('Go'),
      assistant('First.', [{ id: 'toolu_1' }]),
      toolResults(['toolu_1', 'one']),
      assistant('Second.', [{ id: 'toolu_2' }]),
      toolResults(['toolu_2', 'two']),
    ]);
  });

  it('reads a failed tool call as an error result', () => {
    const failure = event('tool_result', {
      toolUseId: 'toolu_1',
      toolName: 'encodePlantUML',
      success: false,
      result: null,
      error: 'PlantUML code must not be empty',
      code: 'EMPTY_CODE',
    });
    expect(conversationOf([said('Go'), called('toolu_1'), failure])).toEqual([
      user('Go'),
      assistant('', [{ id: 'toolu_1' }]),
      toolResults(['toolu_1', 'Error (EMPTY_CODE): PlantUML code must not be empty', true]),
    ]);
  });

  it('merges the unanswered message of a failed run with the next one, so turns alternate', () => {
    expect(
      conversationOf([
        said('Hi'),
        answered('Hello!'),
        said('Are you there?'),
        failed('Overloaded', 'overloaded_error'),
        said('Hello again'),
        said('And again'),
        answered('Yes.'),
      ]),
    ).toEqual([
      user('Hi'),
      assistant('Hello!'),
      user('Are you there?\n\nHello again\n\nAnd again'),
      assistant('Yes.'),
    ]);
  });

  it('leaves out thinking, errors and streamed-only events', () => {
    const blockIndex = 0;
    const noisy = [
      said('Think first'),
      event('thinking_chunk', { content: 'Hm', blockIndex }),
      event('thinking_complete', { content: 'Hm', blockIndex }),
      event('message_chunk', { content: 'Yes', blockIndex }),
      event('thinking', { content: 'Hm', messageId: 'msg_1', signature: 'sig' }),
      answered('Yes.'),
      event('complete', { reason: 'success' }),
      said('Again'),
      failed('Run cancelled', 'RUN_CANCELLED'),
    ];
    expect(conversationOf(noisy)).toEqual([user('Think first'), assistant('Yes.'), user('Again')]);
  });
});

describe('conversationOf with attachments', () => {
  const files = [
    { id: 'f1', name: 'notes.txt', mime_type: 'text/plain' },
    { id: 'f2', name: 'chart.png', mime_type: 'image/png' },
  ];
  const contents = [
    { kind: 'text' as const, name: 'notes.txt', mimeType: 'text/plain', text: 'n' },
    { kind: 'image' as const, name: 'chart.png', mimeType: 'image/png', base64: 'iVBO' },
  ];
  const withFiles = (runId: string, content: string) => ({
    ...event('user_message_sent', { content, attachments: files }),
    runId,
  });

  it("gives the running run's message its files' contents", () => {
    expect(
      conversationOf([withFiles('run-2', 'Look')], {
        attachments: { runId: 'run-2', files: contents },
      }),
    ).toEqual([{ role: 'user', content: 'Look', attachments: contents }]);
  });

  it("names an earlier run's files without their contents", () => {
    expect(
      conversationOf([withFiles('run-1', 'Look'), answered('Seen'), withFiles('run-2', 'More')], {
        attachments: { runId: 'run-2', files: contents },
      }),
    ).toEqual([
      user(
        'Look\n\n[Attached with this message, not shown again: notes.txt (text/plain), chart.png (image/png)]',
      ),
      assistant('Seen'),
      { role: 'user', content: 'More', attachments: contents },
    ]);
  });

  it('keeps the files when the message is merged with an unanswered one before it', () => {
    expect(
      conversationOf([said('First'), withFiles('run-2', 'Second')], {
        attachments: { runId: 'run-2', files: contents },
      }),
    ).toEqual([{ role: 'user', content: 'First\n\nSecond', attachments: contents }]);
  });
});

describe('toolResultText', () => {
  it('passes a string result as it is', () => {
    expect(toolResultText({ success: true, result: 'https://example.com/svg/abc' })).toBe(
      'https://example.com/svg/abc',
    );
  });

  it('writes any other result as JSON, and no result as null', () => {
    expect(toolResultText({ success: true, result: { url: 'u', n: [1, 2] } })).toBe(
      '{"url":"u","n":[1,2]}',
    );
    expect(toolResultText({ success: true, result: 42 })).toBe('42');
    expect(toolResultText({ success: true, result: undefined })).toBe('null');
    expect(toolResultText({ success: true, result: null })).toBe('null');
  });

  it('writes a failure as an error with its code when it has one', () => {
    const failure = { success: false, result: null, error: 'Too slow' };
    expect(toolResultText({ ...failure, code: 'TOOL_TIMEOUT' })).toBe(
      'Error (TOOL_TIMEOUT): Too slow',
    );
    expect(toolResultText(failure)).toBe('Error: Too slow');
    expect(toolResultText({ success: false, result: 'ignored' })).toBe('Error: ');
  });
});
