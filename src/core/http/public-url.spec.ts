import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type HttpAdapterHost } from '@nestjs/core';
import { ConfigValidationError, loadAppConfig } from '../config';
import { PublicUrl } from './public-url';

function publicUrlOf(env: Record<string, string>, server?: Server): PublicUrl {
  const adapterHost = { httpAdapter: server && { getHttpServer: () => server } };
  return new PublicUrl(loadAppConfig(env), adapterHost as unknown as HttpAdapterHost);
}

describe('PublicUrl', () => {
  it('is PUBLIC_URL without its trailing slashes, a path prefix kept', () => {
    expect(publicUrlOf({ PUBLIC_URL: 'https://hub.example.com/' }).base()).toBe(
      'https://hub.example.com',
    );
    const prefixed = publicUrlOf({ PUBLIC_URL: 'https://example.com/toolhub//' });
    expect(prefixed.of('/mcp')).toBe('https://example.com/toolhub/mcp');
  });

  it('names the port the server listens on when PUBLIC_URL is unset, not the configured 0', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      expect(publicUrlOf({ PORT: '0' }, server).of('/mcp')).toBe(`http://localhost:${port}/mcp`);
    } finally {
      server.close();
    }
  });

  it('falls back to PORT before the server listens', () => {
    expect(publicUrlOf({ PORT: '4321' }, createServer()).base()).toBe('http://localhost:4321');
  });

  it.each([
    'hub.example.com',
    'ftp://hub.example.com',
    'https://hub.example.com/?tenant=1',
    'https://hub.example.com/#top',
    'https://user:secret@hub.example.com',
  ])('stops the start on %j, naming the variable', (value) => {
    expect(() => loadAppConfig({ PUBLIC_URL: value })).toThrow(ConfigValidationError);
    expect(() => loadAppConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL must be an http/);
  });
});
