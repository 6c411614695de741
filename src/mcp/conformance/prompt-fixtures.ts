import { type McpServer, completable } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { pixelImage, text } from './content-blocks';

/** What `completion/complete` offers for `test_prompt_with_arguments`'s first argument. */
const FIRST_ARGUMENT_WORDS = ['paris', 'park', 'party', 'test', 'testing'];

/**
 * The prompt fixtures: one without arguments, one with two (the first of them completable), one
 * that embeds the resource it is given, and one with an image.
 */
export function registerPromptFixtures(server: McpServer): void {
  server.registerPrompt(
    'test_simple_prompt',
    { description: 'A prompt without arguments' },
    () => ({
      messages: [{ role: 'user', content: text('This is a simple prompt for testing.') }],
    }),
  );

  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      description: 'A prompt that quotes its two arguments',
      argsSchema: z.object({
        arg1: completable(z.string().describe('First test argument'), (value) =>
          FIRST_ARGUMENT_WORDS.filter((word) => word.startsWith(value)),
        ),
        arg2: z.string().describe('Second test argument'),
      }),
    },
    ({ arg1, arg2 }) => ({
      messages: [
        { role: 'user', content: text(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`) },
      ],
    }),
  );

  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    {
      description: 'A prompt that embeds the resource it is given',
      argsSchema: z.object({ resourceUri: z.string().describe('URI of the resource to embed') }),
    },
    ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: resourceUri,
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          },
        },
        { role: 'user', content: text('Please process the embedded resource above.') },
      ],
    }),
  );

  server.registerPrompt(
    'test_prompt_with_image',
    { description: 'A prompt that shows an image' },
    () => ({
      messages: [
        { role: 'user', content: pixelImage() },
        { role: 'user', content: text('Please analyze the image above.') },
      ],
    }),
  );
}
