import { type IncomingHttpHeaders, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { eventually } from './eventually';

/** One POST the receiver got: its headers and its body exactly as sent. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed. */
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Resolves the received webhooks once `count` satisfy `match`. */
  waitFor(count: number, match?: (hook: ReceivedWebhook) => boolean): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver of webhooks on a loopback port, answering each POST with the status
 * `answer` gives it (200 unless told otherwise).
 */
export async function startWebhookReceiver(
  answer: (hook: ReceivedWebhook, index: number) => number = () => 200,
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const hook = {
        headers: req.headers,
        body,
        json: JSON.parse(body) as ReceivedWebhook['json'],
      };
      received.push(hook);
      res.writeHead(answer(hook, received.length - 1)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    waitFor: (count, match = () => true) =>
      eventually(`${count} webhook(s)`, () => {
        const matching = received.filter(match);
        return Promise.resolve(matching.length >= count ? matching : undefined);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
