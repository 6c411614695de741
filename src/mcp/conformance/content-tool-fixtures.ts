import { setTimeout as delay } from 'node:timers/promises';
import { type CallToolResult, type McpServer } from '@modelcontextprotocol/server';
import { SILENCE_WAV_BASE64, pixelImage, text } from './content-blocks';

/** The pause between a fixture's log messages or progress steps, so that they arrive apart. */
const STEP_MS = 50;

const answer = (...content: CallToolResult['content']): CallToolResult => ({ content });

/**
 * The tool fixtures that answer without asking the client anything: one per kind of content a
 * result can carry, a tool error, and tools that log or report progress while they run.
 */
export function registerContentToolFixtures(server: McpServer): void {
  server.registerTool('test_simple_text', { description: 'Answers with one text' }, () =>
    answer(text('This is a simple text response for testing.')),
  );

  server.registerTool('test_image_content', { description: 'Answers with a PNG image' }, () =>
    answer(pixelImage()),
  );

  server.registerTool('test_audio_content', { description: 'Answers with a WAV clip' }, () =>
    answer({ type: 'audio', data: SILENCE_WAV_BASE64, mimeType: 'audio/wav' }),
  );

  server.registerTool(
    'test_embedded_resource',
    { description: 'Answers with a text resource embedded in the result' },
    () =>
      answer({
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      }),
  );

  server.registerTool(
    'test_multiple_content_types',
    { description: 'Answers with a text, an image and an embedded resource' },
    () =>
      answer(text('Multiple content types test:'), pixelImage(), {
        type: 'resource',
        resource: {
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: JSON.stringify({ test: 'data', value: 123 }),
        },
      }),
  );

  server.registerTool(
    'test_error_handling',
    { description: 'Always answers with a tool error' },
    (): CallToolResult => ({
      isError: true,
      content: [text('This tool intentionally returns an error for testing')],
    }),
  );

  server.registerTool(
    'test_tool_with_logging',
    { description: 'Logs three messages at info level as it runs' },
    async (ctx) => {
      await ctx.mcpReq.log('info', 'Tool execution started');
      await delay(STEP_MS);
      await ctx.mcpReq.log('info', 'Tool processing data');
      await delay(STEP_MS);
      await ctx.mcpReq.log('info', 'Tool execution completed');
      return answer(text('Ran, logging each step'));
    },
  );

  server.registerTool(
    'test_tool_with_progress',
    { description: 'Reports progress at 0, 50 and 100 of 100 when asked for it' },
    async (ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      for (const progress of [0, 50, 100]) {
        if (progress > 0) await delay(STEP_MS);
        if (progressToken === undefined) continue;
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken, progress, total: 100 },
        });
      }
      return answer(text('Ran to 100 of 100'));
    },
  );
}
