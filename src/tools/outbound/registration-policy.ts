import { OutboundPolicy } from './outbound-policy';

/**
 * The policy that registration (`POST`/`PUT /api/v1/tools`) checks URLs against.
 * class-validator runs DTO decorators outside Nest's injector, so the app publishes its policy
 * here as it starts. A process serves one app; tests booting apps with different
 * `TOOL_URL_ALLOW` boot them one at a time. Before any app starts, only public addresses pass.
 */
let registrationPolicy = OutboundPolicy.allowing('');

export function registrationPolicyNow(): OutboundPolicy {
  return registrationPolicy;
}

/** Makes `policy` the one registration checks against, and returns it. */
export function publishForRegistration(policy: OutboundPolicy): OutboundPolicy {
  registrationPolicy = policy;
  return policy;
}
