import { type Message, type Part, Role } from '@a2a-js/sdk';
import { decisionOf, runContentOf } from './message-input';

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

  test('file parts and a message with nothing to say are INVALID_PARAMS', () => {
    const url = part({ $case: 'url', value: 'https://example.com/a.pdf' });
    expect(() => runContentOf(message(text('See'), url))).toThrow(/parts\[1\].*not url/);
    expect(() => runContentOf(message(text('  ')))).toThrow(/no text or data/);
    expect(() => runContentOf(message())).toThrow(/no text or data/);
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
