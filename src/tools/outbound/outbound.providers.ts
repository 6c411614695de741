import { type Provider } from '@nestjs/common';
import { provideFeatureConfig } from '../../core/config';
import { OutboundConfig } from './outbound.config';
import { OutboundFetch } from './outbound-fetch';
import { OutboundPolicy } from './outbound-policy';
import { publishForRegistration } from './registration-policy';

/**
 * What the tool runners need to call out: the validated allow list and response limit, the
 * policy and `fetch`.
 */
export const OUTBOUND_PROVIDERS: Provider[] = [
  provideFeatureConfig(OutboundConfig),
  {
    provide: OutboundPolicy,
    inject: [OutboundConfig],
    useFactory: (config: OutboundConfig) =>
      publishForRegistration(OutboundPolicy.allowing(config.TOOL_URL_ALLOW)),
  },
  {
    provide: OutboundFetch,
    inject: [OutboundPolicy, OutboundConfig],
    useFactory: (policy: OutboundPolicy, config: OutboundConfig) =>
      new OutboundFetch(policy, config.TOOL_MAX_RESPONSE_BYTES),
  },
];
