import dns, { type LookupAddress } from 'node:dns';
import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import {
  type AddressInfo,
  getDefaultAutoSelectFamily,
  isIP,
  setDefaultAutoSelectFamily,
} from 'node:net';
import { ToolUrlForbiddenError } from './outbound.errors';
import { ToolResponseTooLargeError } from './outbound.errors';
import { OutboundFetch } from './outbound-fetch';
import { OutboundPolicy } from './outbound-policy';

/** Real sockets against a real local server: what the policy lets through is actually reached. */
describe('OutboundFetch', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  const outbounds: OutboundFetch[] = [];
  const outboundAllowing = (allowList: string, maxResponseBytes = 1024) => {
    const outbound = new OutboundFetch(OutboundPolicy.allowing(allowList), maxResponseBytes);
    outbounds.push(outbound);
    return outbound;
  };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end('inside');
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await Promise.all(outbounds.map((outbound) => outbound.onApplicationShutdown()));
    await new Promise((resolve) => server.close(resolve));
  });

  const refusalOf = async (outbound: OutboundFetch, url: string) => {
    const before = hits;
    const error = await outbound.fetch(url).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(hits).toBe(before);
    return error;
  };

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['localhost', 'localhost'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['0.0.0.0', '0.0.0.0'],
  ])('refuses http://%s before connecting, naming the host %s', async (host, named) => {
    const error = await refusalOf(outboundAllowing(''), `http://${host}:${port}/`);
    expect(error).toBeInstanceOf(ToolUrlForbiddenError);
    expect((error as ToolUrlForbiddenError).details).toEqual({ host: named });
  });

  it.each(['localhost', '127.0.0.1'])(
    'refuses https://%s too, before any handshake',
    async (host) => {
      const error = await refusalOf(outboundAllowing(''), `https://${host}:${port}/`);
      expect(error).toBeInstanceOf(ToolUrlForbiddenError);
    },
  );

  it.each(['127.0.0.1', '127.0.0.0/8', 'localhost'])(
    'reaches the server when TOOL_URL_ALLOW is %s',
    async (allowList) => {
      const outbound = outboundAllowing(allowList);
      const url =
        allowList === 'localhost' ? `http://localhost:${port}/` : `http://127.0.0.1:${port}/`;
      expect(await (await outbound.fetch(url)).text()).toBe('inside');
    },
  );

  it('checks resolved names also when Node asks its lookup for one address only', async () => {
    const before = getDefaultAutoSelectFamily();
    setDefaultAutoSelectFamily(false);
    try {
      const error = await refusalOf(outboundAllowing(''), `http://localhost:${port}/`);
      expect(error).toBeInstanceOf(ToolUrlForbiddenError);
      const allowed = outboundAllowing('127.0.0.1');
      expect(await (await allowed.fetch(`http://localhost:${port}/`)).text()).toBe('inside');
    } finally {
      setDefaultAutoSelectFamily(before);
    }
  });

  describe('an ordinary host name that resolves inside', () => {
    afterEach(() => jest.restoreAllMocks());

    /** Every lookup answers `address`, as a hostile (or rebinding) DNS server would. */
    const resolvingTo = (address: string) =>
      jest
        .spyOn(dns, 'lookup')
        .mockImplementation(((
          _hostname: string,
          _options: unknown,
          callback: (error: null, addresses: LookupAddress[]) => void,
        ) =>
          process.nextTick(callback, null, [
            { address, family: isIP(address) },
          ])) as unknown as typeof dns.lookup);

    it.each([
      ['127.0.0.1', 'loopback'],
      ['::ffff:169.254.169.254', 'link-local'],
    ])('is refused when it resolves to %s (%s), naming the host', async (address, kind) => {
      const lookup = resolvingTo(address);
      const error = await refusalOf(outboundAllowing(''), `http://evil.example.com:${port}/`);
      expect(lookup).toHaveBeenCalledWith(
        'evil.example.com',
        expect.anything(),
        expect.any(Function),
      );
      expect(error).toBeInstanceOf(ToolUrlForbiddenError);
      expect((error as ToolUrlForbiddenError).message).toContain(`'evil.example.com'`);
      expect((error as ToolUrlForbiddenError).message).toContain(`(${kind})`);
      expect((error as ToolUrlForbiddenError).details).toEqual({ host: 'evil.example.com' });
    });
  });

  it('lets other failures through as they are', async () => {
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await refusalOf(outboundAllowing('127.0.0.1'), `http://127.0.0.1:${closedPort}/`);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('reads an answer up to its limit, and fails one past it with TOOL_RESPONSE_TOO_LARGE', async () => {
    const url = `http://127.0.0.1:${port}/`;
    expect(await (await outboundAllowing('127.0.0.1', 6).fetch(url)).text()).toBe('inside');
    const tooLarge = jest.fn();
    const response = await outboundAllowing('127.0.0.1', 5).fetch(url, {}, tooLarge);
    const error = await response.text().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ToolResponseTooLargeError);
    expect(tooLarge).toHaveBeenCalledWith(error);
  });
});
