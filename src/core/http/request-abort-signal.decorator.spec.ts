import { type ServerResponse, createServer, request } from 'node:http';
import { type AddressInfo } from 'node:net';
import { abortedOnHangUp, hangUpOf } from './request-abort-signal.decorator';

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

describe('hangUpOf', () => {
  const watchedResponse = (response: ServerResponse) =>
    Object.getOwnPropertySymbols(response).some((key) => key.description === 'toolhub:hangUp');

  test('reads a hang-up off the response, with no signal made for it', async () => {
    const { client, served, close } = await exchange();
    try {
      const response = await served;
      const hangUp = hangUpOf(response);
      expect(hangUp.aborted).toBe(false);
      const closed = closeOf(response);
      client.destroy();
      await closed;
      expect(hangUp.aborted).toBe(true);
      expect(watchedResponse(response)).toBe(false);
    } finally {
      await close();
    }
  });

  test('calls a listener when the client hangs up, and not once it is removed', async () => {
    const { client, served, close } = await exchange();
    try {
      const response = await served;
      const heard: string[] = [];
      const first = () => heard.push('first');
      const second = () => heard.push('second');
      const hangUp = hangUpOf(response);
      hangUp.addEventListener('abort', first, { once: true });
      hangUp.addEventListener('abort', second);
      hangUp.removeEventListener('abort', second);
      const closed = closeOf(response);
      client.destroy();
      await closed;
      expect(heard).toEqual(['first']);
      expect(hangUp.reason).toBeInstanceOf(DOMException);
      expect((hangUp.reason as DOMException).name).toBe('AbortError');
    } finally {
      await close();
    }
  });

  test('is not aborted once the answer was sent, even when the connection then closes', async () => {
    const { client, served, answered, close } = await exchange();
    try {
      const response = await served;
      const hangUp = hangUpOf(response);
      const closed = closeOf(response);
      response.end('done');
      await answered;
      client.destroy();
      await closed;
      expect(hangUp.aborted).toBe(false);
    } finally {
      await close();
    }
  });
});
