/**
 * Files attached to a run, through the REAL provider SDKs against local servers that record what
 * they were sent: text files as named text, images as image blocks, PDFs as documents (Anthropic);
 * ownership and support checked before anything is written.
 */
import {
  type FakeAnthropicServer,
  startFakeAnthropicServer,
} from './support/fake-anthropic-server';
import { type FakeOpenAIServer, startFakeOpenAIServer } from './support/fake-openai-server';
import { PDF_BYTES, type UploadedFile, pngBytes, uploaded } from './support/files';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';

const NOTES = 'Q3 revenue: 1.2M\nQ4 revenue: 1.5M\n';
const PNG = pngBytes(4, 3, [0, 128, 255]);

let anthropic: FakeAnthropicServer;
let openai: FakeOpenAIServer;

beforeAll(async () => {
  anthropic = await startFakeAnthropicServer();
  openai = await startFakeOpenAIServer();
});

afterAll(async () => {
  await anthropic?.close();
  await openai?.close();
});

interface UserMessage {
  role: string;
  content: unknown;
}

describe(`attachments [${SELECTED_ADAPTER}]`, () => {
  let testApp: TestApp;
  let alice: RuntimeUser;
  let bob: RuntimeUser;
  let notes: UploadedFile;
  let image: UploadedFile;
  let pdf: UploadedFile;

  beforeAll(async () => {
    testApp = await startTestApp(SELECTED_ADAPTER, {
      env: {
        ...anthropic.env,
        ...openai.env,
      },
    });
    alice = await runtimeUser(testApp, 'alice');
    bob = await runtimeUser(testApp, 'bob');
    notes = await uploaded(testApp, alice, Buffer.from(NOTES), 'notes.txt', 'text/plain');
    image = await uploaded(testApp, alice, PNG, 'chart.png', 'image/png');
    pdf = await uploaded(testApp, alice, PDF_BYTES, 'report.pdf', 'application/pdf');
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const anthropicSession = () =>
    alice.session({ provider: 'anthropic', model: 'claude-sonnet-4-20250514' });
  const openaiSession = () => alice.session({ provider: 'openai', model: 'gpt-4o' });

  /** Runs to its end over SSE; returns the run's events. */
  async function runToEnd(sessionId: string, body: object) {
    const connection = await alice.stream(sessionId, body);
    expect(connection.status).toBe(200);
    const frames = await connection.ended;
    expect(frames.at(-1)?.event).toBe('complete');
    return frames.map((frame) => frame.data);
  }

  const lastUserMessage = (body: Record<string, unknown>) =>
    (body.messages as UserMessage[]).filter((message) => message.role === 'user').at(-1);

  /** Refused before anything was written: no event, no model call. */
  async function expectNothingWritten(sessionId: string, requestsBefore: number) {
    const session = await alice.get(`/api/v1/sessions/${sessionId}`);
    expect(session.body.last_sequence_number).toBe(-1);
    const log = await alice.get(`/api/v1/sessions/${sessionId}/events`);
    expect(log.body.items).toEqual([]);
    expect(anthropic.requests.length + openai.requests.length).toBe(requestsBefore);
  }

  /** The file's usages once the run's end has been recorded (read until it is). */
  async function usagesOnceRecorded(fileId: string, runId: string) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const response = await alice.get(`/api/v1/files/${fileId}`);
      const usages = response.body.usages as { run_id: string; used_at: string }[];
      if (usages.some((usage) => usage.run_id === runId)) return usages;
    }
    throw new Error(`the usage of ${fileId} by ${runId} was never recorded`);
  }

  it('gives Anthropic a text file as named text and a PNG as an image block, and records them', async () => {
    const { sessionId } = await anthropicSession();
    const seen = anthropic.requests.length;
    anthropic.push({ text: 'Revenue grew.' });
    const events = await runToEnd(sessionId, {
      content: 'Summarise these.',
      attachments: [notes.id, image.id],
    });

    expect(events[0]).toMatchObject({
      type: 'user_message_sent',
      content: 'Summarise these.',
      attachments: [
        { id: notes.id, name: 'notes.txt', mime_type: 'text/plain' },
        { id: image.id, name: 'chart.png', mime_type: 'image/png' },
      ],
    });
    const log = await alice.get(`/api/v1/sessions/${sessionId}/events`);
    expect(log.body.items[0]).toEqual(events[0]);

    expect(anthropic.requests).toHaveLength(seen + 1);
    const sent = anthropic.requests[seen].body;
    expect(sent.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: `<file name="notes.txt">\n${NOTES}\n</file>` },
          {
            type: 'image',
            source: { type: 'base64', media_type: 'image/png', data: PNG.toString('base64') },
          },
          { type: 'text', text: 'Summarise these.' },
        ],
      },
    ]);

    const runId = events[0].runId as string;
    const usages = await usagesOnceRecorded(notes.id, runId);
    expect(usages).toContainEqual({ run_id: runId, used_at: expect.any(String) });
    await usagesOnceRecorded(image.id, runId);

    // The next run names the earlier files without sending their contents again.
    anthropic.push({ text: 'Yes.' });
    await runToEnd(sessionId, { content: 'Anything else?' });
    const next = anthropic.requests[seen + 1].body;
    expect(next.messages).toEqual([
      {
        role: 'user',
        content:
          'Summarise these.\n\n[Attached with this message, not shown again: ' +
          'notes.txt (text/plain), chart.png (image/png)]',
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Revenue grew.' }] },
      { role: 'user', content: 'Anything else?' },
    ]);
  });

  it('gives Anthropic a PDF as a document block', async () => {
    const { sessionId } = await anthropicSession();
    const seen = anthropic.requests.length;
    anthropic.push({ text: 'A report.' });
    await runToEnd(sessionId, { content: 'What is this?', attachments: [pdf.id] });
    expect(lastUserMessage(anthropic.requests[seen].body)?.content).toEqual([
      {
        type: 'document',
        title: 'report.pdf',
        source: {
          type: 'base64',
          media_type: 'application/pdf',
          data: PDF_BYTES.toString('base64'),
        },
      },
      { type: 'text', text: 'What is this?' },
    ]);
  });

  it('gives OpenAI an image as a data URL and a text file as a text part', async () => {
    const { sessionId } = await openaiSession();
    const seen = openai.requests.length;
    openai.push({ text: 'A blue chart.' });
    await runToEnd(sessionId, { content: 'Describe.', attachments: [image.id, notes.id] });
    expect(lastUserMessage(openai.requests[seen].body)?.content).toEqual([
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
      { type: 'text', text: `<file name="notes.txt">\n${NOTES}\n</file>` },
      { type: 'text', text: 'Describe.' },
    ]);
  });

  it('refuses a PDF for OpenAI with 422 ATTACHMENT_NOT_SUPPORTED before anything is written', async () => {
    const { sessionId } = await openaiSession();
    const before = anthropic.requests.length + openai.requests.length;
    const response = await alice.post(`/api/v1/sessions/${sessionId}/runs`, {
      content: 'Read it.',
      attachments: [notes.id, pdf.id],
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      success: false,
      error: {
        code: 'ATTACHMENT_NOT_SUPPORTED',
        message: "The openai provider cannot take 'report.pdf' (application/pdf) as an attachment",
        details: { provider: 'openai', file_ids: [pdf.id] },
      },
    });
    await expectNothingWritten(sessionId, before);
  });

  it('refuses a file no model can read (octet-stream), whatever the provider', async () => {
    const binary = await uploaded(testApp, alice, Buffer.from([0, 1, 2, 3]), 'data.bin');
    expect(binary.mime_type).toBe('application/octet-stream');
    const { sessionId } = await anthropicSession();
    const before = anthropic.requests.length + openai.requests.length;
    const response = await alice.post(`/api/v1/sessions/${sessionId}/runs`, {
      content: 'Read it.',
      attachments: [binary.id],
    });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('ATTACHMENT_NOT_SUPPORTED');
    await expectNothingWritten(sessionId, before);
  });

  it("answers 404 FILE_NOT_FOUND naming someone else's and unknown files: no run, no event", async () => {
    const bobs = await uploaded(testApp, bob, Buffer.from('bob only'), 'bob.txt');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const { sessionId } = await anthropicSession();
    const before = anthropic.requests.length + openai.requests.length;
    const response = await alice.post(`/api/v1/sessions/${sessionId}/runs`, {
      content: 'Read it.',
      attachments: [notes.id, bobs.id, unknown],
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      success: false,
      error: {
        code: 'FILE_NOT_FOUND',
        message: `Files with ids '${bobs.id}', '${unknown}' not found`,
        details: { file_ids: [bobs.id, unknown] },
      },
    });
    await expectNothingWritten(sessionId, before);
    // The session is free: nothing was left running.
    anthropic.push({ text: 'ok' });
    await runToEnd(sessionId, { content: 'Without files, then.' });
  });

  it.each([
    ['not an array', 'x'],
    ['repeated ids', ['a', 'a']],
    ['more than 20', Array.from({ length: 21 }, (_, i) => `id-${i}`)],
    ['not strings', [1]],
  ])('validates attachments: %s is 422', async (_name, attachments) => {
    const { sessionId } = await anthropicSession();
    const response = await alice.post(`/api/v1/sessions/${sessionId}/runs`, {
      content: 'Hi',
      attachments,
    });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details[0].field).toBe('attachments');
  });
});
