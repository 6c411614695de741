import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Whether the address at `hop` of a request's path is a proxy whose word is taken on who sent it
 * (hop 0: the connection's peer; then `X-Forwarded-For` from its right end). Express's
 * `trust proxy` and Fastify's `trustProxy` both accept this function as it is.
 */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** No proxy is trusted: the connection's peer is the client, and `X-Forwarded-For` is ignored. */
export const TRUST_NO_PROXY: ProxyTrust = () => false;

/** The names `proxy-addr` gives address ranges: 127/8 and ::1; 169.254/16 and fe80::/10; private. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY` as the one trust function the server uses everywhere: empty for none; a number
 * of proxies in front of the server (`1`: the peer only); or comma-separated range names, IP
 * addresses and CIDR ranges (`loopback, 10.0.0.0/8`). There is no "trust everything" (`true`):
 * every client could then choose the address it is counted by. Undefined when malformed.
 */
export function parseTrustProxy(setting: string): ProxyTrust | undefined {
  const text = setting.trim();
  if (text === '') return TRUST_NO_PROXY;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  // proxy-addr alone would also read `1` as 0.0.0.1 and `127.1` as 127.0.0.1.
  if (!entries.every(isRangeOrAddress)) return undefined;
  try {
    return proxyAddr.compile(entries);
  } catch {
    // A prefix or netmask that does not fit its address (`10.0.0.0/33`).
    return undefined;
  }
}

function isRangeOrAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const slash = entry.lastIndexOf('/');
  return isIP(slash === -1 ? entry : entry.slice(0, slash)) !== 0;
}
