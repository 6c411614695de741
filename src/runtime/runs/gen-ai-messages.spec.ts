import { inputMessagesOf, outputMessageOf } from './gen-ai-messages';
import { ModelTurn } from './model-turn';

describe('inputMessagesOf', () => {
  it('gives attached files as the model reads them: text in a tag, images and PDFs as blobs', () => {
    const messages = inputMessagesOf([
      {
        role: 'user',
        content: 'Compare these',
        attachments: [
          { kind: 'text', name: 'notes.md', mimeType: 'text/markdown', text: '# Notes' },
          { kind: 'image', name: 'a.png', mimeType: 'image/png', base64: 'iVBORw0K' },
          { kind: 'pdf', name: 'b.pdf', mimeType: 'application/pdf', base64: 'JVBERi0x' },
        ],
      },
    ]);
    expect(messages).toEqual([
      {
        role: 'user',
        parts: [
          { type: 'text', content: 'Compare these' },
          { type: 'text', content: '<file name="notes.md">\n# Notes\n</file>' },
          { type: 'blob', modality: 'image', mime_type: 'image/png', content: 'iVBORw0K' },
          {
            type: 'blob',
            modality: 'document',
            mime_type: 'application/pdf',
            content: 'JVBERi0x',
          },
        ],
      },
    ]);
  });

  it('gives thinking as reasoning before the text and calls, and tool results as the tool role', () => {
    const messages = inputMessagesOf([
      {
        role: 'assistant',
        thinking: [{ content: 'Look it up.', signature: 'sig' }],
        text: '',
        toolCalls: [{ id: 'call_1', name: 'lookup', args: { q: 'x' } }],
      },
      {
        role: 'tool_results',
        results: [
          { toolUseId: 'call_1', toolName: 'lookup', content: 'Error: down', isError: true },
        ],
      },
    ]);
    expect(messages).toEqual([
      {
        role: 'assistant',
        parts: [
          { type: 'reasoning', content: 'Look it up.' },
          { type: 'tool_call', id: 'call_1', name: 'lookup', arguments: { q: 'x' } },
        ],
      },
      {
        role: 'tool',
        parts: [{ type: 'tool_call_response', id: 'call_1', response: 'Error: down' }],
      },
    ]);
  });
});

describe('outputMessageOf', () => {
  it('gives the turn’s thinking, text and finish reason', () => {
    const turn = new ModelTurn();
    turn.addThinking(1, 'Second.');
    turn.addThinking(0, 'First.');
    turn.text = 'Done.';
    turn.stopReason = 'end_turn';
    expect(outputMessageOf(turn)).toEqual({
      role: 'assistant',
      parts: [
        { type: 'reasoning', content: 'First.' },
        { type: 'reasoning', content: 'Second.' },
        { type: 'text', content: 'Done.' },
      ],
      finish_reason: 'end_turn',
    });
  });
});
