import { ConfigValidationError, validateEnvironment } from '../../../core/config';
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
});
