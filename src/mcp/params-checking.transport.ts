import {
  type JSONRPCMessage,
  type MessageExtraInfo,
  type Transport,
  type TransportSendOptions,
  isJSONRPCRequest,
} from '@modelcontextprotocol/server';
import { invalidParamsReplyOf } from './request-params';

/**
 * Stands between a transport and the MCP server: a request whose params do not fit its method is
 * answered -32602 here, on any transport, and never reaches the server (see
 * `invalidParamsReplyOf`). Everything else passes through unchanged.
 */
export class ParamsCheckingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  constructor(private readonly inner: Transport) {
    inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
      const refusal = isJSONRPCRequest(message) ? invalidParamsReplyOf(message) : undefined;
      if (!refusal) return this.onmessage?.(message, extra);
      inner.send(refusal).catch((error: Error) => this.onerror?.(error));
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
