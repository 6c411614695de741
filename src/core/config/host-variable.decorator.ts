import { ValidateBy, isFQDN, isIP } from 'class-validator';

/**
 * An environment variable naming an address to listen on: an IP address or a host name. A
 * typo is refused here rather than surfacing later as a resolver error from `listen`.
 */
export function HostVariable(): PropertyDecorator {
  return ValidateBy({
    name: 'isHost',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' &&
        (isIP(value) || isFQDN(value, { require_tld: false, allow_underscores: true })),
      defaultMessage: (args) =>
        `${args?.property} must be an IP address (0.0.0.0: every interface, 127.0.0.1: this ` +
        'machine only) or a host name',
    },
  });
}
