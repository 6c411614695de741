import { type IncomingMessage } from 'node:http';
import { EarlyRequestChecks } from './early-request-checks';

const request = (method: string, url: string) => ({ method, url }) as IncomingMessage;

describe('EarlyRequestChecks', () => {
  const api = jest.fn(() => Promise.resolve());
  const keys = jest.fn(() => Promise.resolve());
  const checks = new EarlyRequestChecks();
  checks.add('/api', api);
  checks.add('/api/keys', keys);

  it.each([
    ['/api', api],
    ['/api/tools?x=1', api],
    ['/api?x=1', api],
    ['/api/keys/1', keys],
    ['/apix', undefined],
    ['/other', undefined],
  ])('gives %s the check of its longest prefix', (url, check) => {
    expect(checks.checkOf(request('POST', url))).toBe(check);
  });

  it('leaves CORS preflights alone', () => {
    expect(checks.checkOf(request('OPTIONS', '/api/tools'))).toBeUndefined();
  });
});
