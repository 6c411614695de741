import { ConfigValidationError, validateEnvironment } from '../../core/config';
import { OutboundConfig } from './outbound.config';

const load = (env: Record<string, string>) =>
  validateEnvironment(OutboundConfig, (name) => env[name]);

describe('OutboundConfig', () => {
  it('allows nothing beyond public addresses by default', () => {
    expect(load({}).TOOL_URL_ALLOW).toBe('');
    expect(load({ TOOL_URL_ALLOW: '' }).TOOL_URL_ALLOW).toBe('');
  });

  it('takes host names, addresses and CIDR ranges', () => {
    const value = '127.0.0.1, ::1, 10.0.0.0/8, fc00::/7, internal.example.com';
    expect(load({ TOOL_URL_ALLOW: value }).TOOL_URL_ALLOW).toBe(value);
  });

  it('stops the start naming the entries it does not understand', () => {
    const start = () => load({ TOOL_URL_ALLOW: '127.0.0.1,10.0.0.0/33,http://x' });
    expect(start).toThrow(ConfigValidationError);
    expect(start).toThrow(
      /TOOL_URL_ALLOW must list host names, IP addresses and CIDR ranges.*not one of these: 10\.0\.0\.0\/33, http:\/\/x \(got "127\.0\.0\.1,10\.0\.0\.0\/33,http:\/\/x"\)/,
    );
  });

  it('reads 10 MB of a tool answer by default, and any positive whole number of bytes', () => {
    expect(load({}).TOOL_MAX_RESPONSE_BYTES).toBe(10_485_760);
    expect(load({ TOOL_MAX_RESPONSE_BYTES: '2048' }).TOOL_MAX_RESPONSE_BYTES).toBe(2048);
    for (const value of ['0', '1e6', '-5', 'lots']) {
      expect(() => load({ TOOL_MAX_RESPONSE_BYTES: value })).toThrow(/TOOL_MAX_RESPONSE_BYTES/);
    }
  });
});
