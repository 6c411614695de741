import { type IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { type ProxyTrust } from '../config';

/**
 * Who sent the request: the connection's peer, or, where that is a proxy `trust` trusts, the
 * nearest address in `X-Forwarded-For` no trusted proxy added. The same function and trust
 * give `request.ip` on both adapters, so every reader of the address gets one answer. Readers
 * that run before either adapter (the server's hooks, the checks before the body) use this.
 */
export function clientAddressOf(request: IncomingMessage, trust: ProxyTrust): string | undefined {
  // Undefined once the socket is gone, whatever proxy-addr's typings say.
  return proxyAddr(request, trust);
}
