import { type Message, type Part, Role } from '@a2a-js/sdk';
import { attachmentIdsOf, decisionOf, runContentOf, storedFilePart } from './message-input';

function message(...parts: Part[]): Message {
  return {
    messageId: 'm-1',
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

const part = (content: Part['content']): Part => ({
  content,
  mediaType: '',
  filename: '',
  metadata: undefined,
});
const text = (value: string) => part({ $case: 'text', value });
const data = (value: unknown) => part({ $case: 'data', value });

describe('runContentOf', () => {
  test('text parts as they are and data parts as JSON, in order', () => {
    expect(runContentOf(message(text('Find'), data({ ticker: 'ACME' }), text('please')))).toBe(
      'Find\n\n{"ticker":"ACME"}\n\nplease',
    );
  });

  test('a file by URL, an empty part and a message with nothing to say are INVALID_PARAMS', () => {
    const url = part({ $case: 'url', value: 'https://example.com/a.pdf' });
    expect(() => runContentOf(message(text('See'), url))).toThrow(/parts\[1\].*not fetched/);
    expect(() => runContentOf(message(text('See'), part(undefined)))).toThrow(/parts\[1\]/);
    expect(() => runContentOf(message(text('  ')))).toThrow(/no text or data/);
    const raw = part({ $case: 'raw', value: Buffer.from([1]) });
    expect(() => runContentOf(message(raw))).toThrow(/no text or data/);
  });

  test("files are the run's attachments, not its text: inline bytes, or uploads they were stored as", () => {
    const raw = part({ $case: 'raw', value: Buffer.from([1, 2]) });
    const stored = storedFilePart(
      { id: 'f-1', name: 'notes.txt', mime_type: 'text/plain' },
      'https://toolhub.example.com',
    );
    const sent = message(text('Read these'), raw, stored);
    expect(runContentOf(sent)).toBe('Read these');
    expect(attachmentIdsOf(sent)).toEqual(['f-1']);
    expect(stored.content).toEqual({
      $case: 'url',
      value: 'https://toolhub.example.com/api/v1/files/f-1/content',
    });
  });
});

describe('decisionOf', () => {
  test('the first data part with a decision, with its reason', () => {
    expect(decisionOf(message(text('ok'), data({ decision: 'approve' })))).toEqual({
      decision: 'approve',
    });
    expect(
      decisionOf(message(data({ other: 1 }), data({ decision: 'reject', reason: 'Not now' }))),
    ).toEqual({ decision: 'reject', reason: 'Not now' });
  });

  test('no decision, another word, or a reason that is no string is INVALID_PARAMS', () => {
    expect(() => decisionOf(message(text('yes')))).toThrow(/decision/);
    expect(() => decisionOf(message(data({ decision: 'maybe' })))).toThrow(/decision/);
    expect(() => decisionOf(message(data({ decision: 'approve', reason: 3 })))).toThrow(
      /reason must be a string/,
    );
  });
});
