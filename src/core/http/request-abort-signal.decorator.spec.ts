import { type ServerResponse, createServer, request } from 'node:http';
import { type AddressInfo } from 'node:net';
import { abortedOnHangUp } from './request-abort-signal.decorator';

/** A real server and one client request to it, body sent; `served` is the server's response. */
async function exchange() {
  let serve!: (response: ServerResponse) => void;
  const served = new Promise<ServerResponse>((resolve) => (serve = resolve));
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => serve(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = request({ host: '127.0.0.1', port, method: 'POST' });
  // The hang-ups below are the point; the client's own error about them is not.
  client.on('error', () => undefined);
  client.end('{}');
  const answered = new Promise<void>((resolve) => client.on('response', () => resolve()));
  return {
    client,
    served,
    answered,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const closeOf = (response: ServerResponse) =>
  new Promise<void>((resolve) => response.once('close', () => resolve()));

const abortOf = (signal: AbortSignal) =>
  new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));

describe('abortedOnHangUp', () => {
  test('is aborted when the client hangs up before the answer', async () => {
    const { client, served, close } = await exchange();
    try {
      const signal = abortedOnHangUp(await served);
      expect(signal.aborted).toBe(false);
      client.destroy();
      await abortOf(signal);
      expect(signal.aborted).toBe(true);
    } finally {
      await close();
    }
  });

  test('is already aborted when the client hung up before the handler was reached', async () => {
    const { client, served, close } = await exchange();
    try {
      const response = await served;
      const closed = closeOf(response);
      client.destroy();
      await closed;
      expect(abortedOnHangUp(response).aborted).toBe(true);
    } finally {
      await close();
    }
  });

  test('stays untouched when the answer was sent, even once the connection closes', async () => {
    const { client, served, answered, close } = await exchange();
    try {
      const response = await served;
      const signal = abortedOnHangUp(response);
      // Listens after the signal's own listener, so it has run when this resolves.
      const closed = closeOf(response);
      response.end('done');
      await answered;
      client.destroy();
      await closed;
      expect(response.writableFinished).toBe(true);
      expect(signal.aborted).toBe(false);
    } finally {
      await close();
    }
  });
});
