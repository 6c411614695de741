import type { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { mcpServerSdk } from './loaded-on-first-use';

/**
 * The protocol's error codes toolhub names, as the SDK's `ProtocolErrorCode` numbers them (JSON-RPC's
 * own and MCP's), here so that naming one loads no SDK: the API docs name them at start. Each must
 * equal the SDK's member of its name, or this does not compile.
 */
export const PROTOCOL_ERROR_CODES = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  UnsupportedProtocolVersion: -32022,
} as const satisfies {
  [Name in keyof typeof ProtocolErrorCode]?: (typeof ProtocolErrorCode)[Name];
};

/** The SDK's error for a request the server refuses: the client gets its code and message. */
export function protocolError(
  code: keyof typeof PROTOCOL_ERROR_CODES,
  message: string,
  data?: unknown,
): ProtocolError {
  const { ProtocolError } = mcpServerSdk();
  return new ProtocolError(PROTOCOL_ERROR_CODES[code], message, data);
}
