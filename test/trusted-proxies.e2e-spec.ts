/**
 * `TRUST_PROXY`: behind the proxies it names, the client's address is the one they forward in
 * `X-Forwarded-For`, and that is what the key throttle counts and the access log shows, so one
 * client guessing keys is slowed alone, not every client of the proxy. A peer that is not a
 * trusted proxy is counted by its own address, whatever `X-Forwarded-For` it sends.
 */
import { type Server, get } from 'node:http';
import { type AddressInfo } from 'node:net';
import { bearerFor } from './support/api-key';
import { type LogCapture, captureLogs } from './support/log-capture';
import { type TestApp, describeHttpContract } from './support/test-app';

const UNKNOWN_KEY = `Bearer thk_${'x'.repeat(43)}`;
const GUESSES = 25;
/** AUTH_FAILURES_PER_MINUTE's default: 20 invalid keys are checked, the rest refused unchecked. */
const THROTTLED_GUESSES = [
  ...Array<number>(20).fill(401),
  ...Array<number>(GUESSES - 20).fill(429),
];
// Access log lines of refused requests (at warn) are what these tests read.
const LOGGED = { LOG_LEVEL: 'warn' };

/** Sends a request with a key, forwarded for an address; resolves its status. */
type Send = (authorization: string, forwardedFor: string) => Promise<number>;

/** Through the peer supertest connects from, 127.0.0.1. */
function throughLoopback(testApp: () => TestApp): Send {
  return async (authorization, forwardedFor) =>
    (
      await testApp()
        .http.get('/api/v1/tools')
        .set('Authorization', authorization)
        .set('X-Forwarded-For', forwardedFor)
    ).status;
}

/** From another peer, `localAddress`, to the listening server. */
function fromPeer(localAddress: string, server: Server): Send {
  const { port } = server.address() as AddressInfo;
  return (authorization, forwardedFor) =>
    new Promise((resolve, reject) => {
      const headers = { authorization, 'x-forwarded-for': forwardedFor };
      const path = '/api/v1/tools';
      get({ host: '127.0.0.1', port, path, localAddress, headers, agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      }).on('error', reject);
    });
}

/** The statuses of GUESSES invalid keys, the i-th forwarded for `forwardedFor(i)`. */
async function guessKeys(send: Send, forwardedFor: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < GUESSES; i++) statuses.push(await send(UNKNOWN_KEY, forwardedFor(i)));
  return statuses;
}

/** The client addresses the access log shows for the refused requests logged so far. */
function loggedAddresses(logs: LogCapture): string[] {
  const refused = logs
    .lines()
    .map((line) => JSON.parse(line) as { req?: { remoteAddress?: string }; res?: object })
    .filter((entry) => entry.res !== undefined);
  return [...new Set(refused.map((entry) => entry.req?.remoteAddress ?? 'none'))];
}

describeHttpContract(
  'Behind a trusted proxy (TRUST_PROXY=loopback)',
  (testApp) => {
    const proxy = throughLoopback(testApp);
    let logs: LogCapture;

    beforeEach(async () => {
      logs = await captureLogs(testApp().app);
    });

    afterEach(() => {
      logs.stop();
    });

    test('a client guessing keys gets 429; another client of the proxy with a valid key is served', async () => {
      const valid = await bearerFor(testApp().app);
      expect(await guessKeys(proxy, () => '203.0.113.7')).toEqual(THROTTLED_GUESSES);
      expect(await proxy(valid, '203.0.113.7')).toBe(429);
      expect(await proxy(valid, '198.51.100.9')).toBe(200);
      expect(await proxy(UNKNOWN_KEY, '198.51.100.9')).toBe(401);
      expect(loggedAddresses(logs).sort()).toEqual(['198.51.100.9', '203.0.113.7']);
    });

    test("a client's own X-Forwarded-For entries, before the proxy's, neither evade nor redirect", async () => {
      const valid = await bearerFor(testApp().app);
      // The proxy appends the address it saw (203.0.113.8) to whatever the client sent.
      const forged = (i: number) => `198.51.100.${i}, 203.0.113.8`;
      expect(await guessKeys(proxy, forged)).toEqual(THROTTLED_GUESSES);
      expect(await proxy(valid, '198.51.100.3')).toBe(200);
      expect(loggedAddresses(logs)).toEqual(['203.0.113.8']);
    });
  },
  { env: { TRUST_PROXY: 'loopback', ...LOGGED } },
);

/**
 * X-Forwarded-For a peer makes up, each time naming another address, every other time `client`'s.
 */
const forgedNaming = (client: string) => (i: number) => (i % 2 === 0 ? client : `203.0.113.${i}`);

describeHttpContract(
  'A peer that is not a trusted proxy (TRUST_PROXY=127.0.0.1, the peer 127.0.0.2)',
  (testApp) => {
    test('is counted by its own address whatever it forwards; clients of the proxy are served', async () => {
      await testApp().app.listen(0, '127.0.0.1');
      const logs = await captureLogs(testApp().app);
      try {
        const valid = await bearerFor(testApp().app);
        const peer = fromPeer('127.0.0.2', testApp().app.getHttpServer() as Server);
        const proxy = throughLoopback(testApp);
        expect(await guessKeys(peer, forgedNaming('198.51.100.9'))).toEqual(THROTTLED_GUESSES);
        expect(await peer(valid, '203.0.113.200')).toBe(429);
        expect(await proxy(valid, '198.51.100.9')).toBe(200);
        expect(loggedAddresses(logs)).toEqual(['127.0.0.2']);
      } finally {
        logs.stop();
      }
    });
  },
  { env: { TRUST_PROXY: '127.0.0.1', ...LOGGED } },
);

describeHttpContract(
  'Without TRUST_PROXY',
  (testApp) => {
    test('X-Forwarded-For is ignored: the peer is the client, counted by its own address', async () => {
      const logs = await captureLogs(testApp().app);
      try {
        const valid = await bearerFor(testApp().app);
        const peer = throughLoopback(testApp);
        expect(await guessKeys(peer, forgedNaming('198.51.100.9'))).toEqual(THROTTLED_GUESSES);
        // Every request from the peer is from the throttled address, whatever it forwards.
        expect(await peer(valid, '198.51.100.9')).toBe(429);
        expect(loggedAddresses(logs)).toEqual([expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/)]);
      } finally {
        logs.stop();
      }
    });
  },
  { env: LOGGED },
);
