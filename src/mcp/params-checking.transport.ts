import { type Transport } from '@modelcontextprotocol/server';
import { invalidParamsReplyOf } from './request-params';
import { RequestScreeningTransport } from './request-screening.transport';

/**
 * Stands between a transport and the MCP server: a request whose params do not fit its method is
 * answered -32602 here, on any transport, and never reaches the server (see
 * `invalidParamsReplyOf`).
 */
export class ParamsCheckingTransport extends RequestScreeningTransport {
  constructor(inner: Transport) {
    super(inner, invalidParamsReplyOf);
  }
}
