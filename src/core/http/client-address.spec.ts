import { type Server } from 'node:http';
import { type ExpressAdapter } from '@nestjs/platform-express';
import { type FastifyAdapter } from '@nestjs/platform-fastify';
import { type Application } from 'express';
import { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { type HttpAdapterName, loadAppConfig } from '../config';
import { clientAddressOf } from './client-address';
import { CorsPolicy } from './cors';
import { EarlyRequestChecks } from './early-request-checks';
import { createHttpAdapter } from './http-adapters';

interface Addresses {
  /** What the adapter's own `request.ip` says. */
  ip: string;
  /** What the server's hooks and the key throttle read. */
  client: string;
}

/** The adapter as `createHttpAdapter` sets it up, serving its two answers at GET /address. */
async function serveAddresses(adapter: HttpAdapterName, trustProxy: string): Promise<Server> {
  const config = loadAppConfig({ HTTP_ADAPTER: adapter, TRUST_PROXY: trustProxy });
  const created = await createHttpAdapter(config, new CorsPolicy(), new EarlyRequestChecks());
  const trust = config.http.trustProxy;
  if (adapter === 'express') {
    const app = (created as ExpressAdapter).getInstance<Application>();
    app.get('/address', (req, res) => {
      res.json({ ip: req.ip, client: clientAddressOf(req, trust) });
    });
    return new Promise((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve(server));
    });
  }
  const fastify = (created as FastifyAdapter).getInstance<FastifyInstance>();
  fastify.get('/address', (req) => ({ ip: req.ip, client: clientAddressOf(req.raw, trust) }));
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  return fastify.server;
}

// supertest connects from loopback.
const PEER = /^(::ffff:)?127\.0\.0\.1$/;

describe.each<HttpAdapterName>(['express', 'fastify'])('the client address on %s', (adapter) => {
  it.each([
    ['', '203.0.113.7', PEER],
    ['10.0.0.0/8', '203.0.113.7', PEER],
    ['loopback', undefined, PEER],
    ['loopback', '203.0.113.7', '203.0.113.7'],
    ['loopback', '198.51.100.9, 203.0.113.7', '203.0.113.7'],
    ['loopback', '198.51.100.9, 127.0.0.1', '198.51.100.9'],
    ['loopback, 203.0.113.0/24', '198.51.100.9, 203.0.113.7', '198.51.100.9'],
    ['1', '198.51.100.9, 203.0.113.7', '203.0.113.7'],
    ['2', '198.51.100.9, 203.0.113.7', '198.51.100.9'],
    ['3', '198.51.100.9, 203.0.113.7', '198.51.100.9'],
  ])(
    'TRUST_PROXY=%j, X-Forwarded-For %j: request.ip and the hooks both say %s',
    async (trustProxy, forwardedFor, expected) => {
      const server = await serveAddresses(adapter, trustProxy);
      try {
        // The server's hooks, which give every request its id, are not part of this set-up.
        const sent = request(server).get('/address').set('X-Request-Id', 'address-test');
        if (forwardedFor) void sent.set('X-Forwarded-For', forwardedFor);
        const { ip, client } = (await sent).body as Addresses;
        expect(ip).toBe(client);
        expect(client).toMatch(expected);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );
});
