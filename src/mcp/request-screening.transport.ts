import {
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageExtraInfo,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';
import { mcpServerSdk } from './loaded-on-first-use';

/** The error a request is refused with before the server sees it; undefined lets it through. */
export type RequestScreen = (request: JSONRPCRequest) => JSONRPCErrorResponse | undefined;

/**
 * Stands between a transport and the MCP server: a request `screen` refuses is answered with
 * its error here, on any transport, and never reaches the server. Everything else passes
 * through unchanged.
 */
export class RequestScreeningTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  constructor(
    private readonly inner: Transport,
    screen: RequestScreen,
  ) {
    const { isJSONRPCRequest } = mcpServerSdk();
    inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
      const refusal = isJSONRPCRequest(message) ? screen(message) : undefined;
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
