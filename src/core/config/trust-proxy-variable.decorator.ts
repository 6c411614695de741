import { ValidateBy } from 'class-validator';
import { parseTrustProxy } from './trust-proxy';

/**
 * An environment variable naming the reverse proxies whose `X-Forwarded-For` is believed. A
 * mistake stops the start: read as "no proxy", it would quietly count every client as the proxy.
 */
export function TrustProxyVariable(): PropertyDecorator {
  return ValidateBy({
    name: 'isTrustProxy',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && !!parseTrustProxy(value),
      defaultMessage: (args) =>
        `${args?.property} must be a number of proxies (1: the peer only), or loopback, ` +
        'linklocal, uniquelocal, IP addresses and CIDR ranges, comma-separated',
    },
  });
}
