import {
  type McpServer,
  ResourceNotFoundError,
  ResourceTemplate,
} from '@modelcontextprotocol/server';
import { PIXEL_PNG_BASE64 } from './content-blocks';

const WATCHED_URI = 'test://watched-resource';

/**
 * The resource fixtures: a text and a binary resource, one to subscribe to, and a template whose
 * `{id}` the reading fills in. Subscriptions are accepted for the resources listed here; none of
 * them ever changes, so no update follows.
 */
export function registerResourceFixtures(server: McpServer): void {
  server.registerResource(
    'static-text',
    'test://static-text',
    { description: 'A text resource that never changes', mimeType: 'text/plain' },
    (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'text/plain',
          text: 'This is the content of the static text resource.',
        },
      ],
    }),
  );

  server.registerResource(
    'static-binary',
    'test://static-binary',
    { description: 'A PNG image that never changes', mimeType: 'image/png' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: PIXEL_PNG_BASE64 }] }),
  );

  server.registerResource(
    'watched-resource',
    WATCHED_URI,
    { description: 'A text resource clients subscribe to', mimeType: 'text/plain' },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'Watched, and unchanged.' }],
    }),
  );

  server.registerResource(
    'template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { description: 'JSON data for the id in the URI', mimeType: 'application/json' },
    (uri, { id }) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${String(id)}` }),
        },
      ],
    }),
  );

  const listed = new Set(['test://static-text', 'test://static-binary', WATCHED_URI]);
  const acceptSubscription = ({ params }: { params: { uri: string } }) => {
    if (!listed.has(params.uri)) throw new ResourceNotFoundError(params.uri);
    return {};
  };
  server.server.setRequestHandler('resources/subscribe', acceptSubscription);
  server.server.setRequestHandler('resources/unsubscribe', acceptSubscription);
}
