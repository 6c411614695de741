import {
  type DomainError,
  InvalidJsonError,
  JsonTooDeepError,
  NumberOutOfRangeError,
  PayloadTooLargeError,
  UnsupportedContentEncodingError,
  UnsupportedMediaTypeError,
} from '../core/errors';
import { InvalidJsonRpcMessageError } from './json-rpc-messages';
import { PROTOCOL_ERROR_CODES } from './protocol-errors';

/**
 * JSON-RPC's code for server-defined errors; the SDK's transport answers the requests it cannot
 * take (wrong `Accept`, `Content-Type`, size) with it, so toolhub's own such refusals match.
 */
export const TRANSPORT_ERROR = -32000;

/**
 * An error about a message whose id could not be read: JSON-RPC answers those with id null
 * (which the SDK's message type, made for answers to requests, leaves out).
 */
export interface UnidentifiedErrorReply {
  jsonrpc: '2.0';
  id: null;
  error: { code: number; message: string };
}

function unidentifiedError(code: number, message: string): UnidentifiedErrorReply {
  return { jsonrpc: '2.0', id: null, error: { code, message } };
}

/** Text that is not JSON (or JSON this server does not read, e.g. nested too deep). */
export function parseErrorReply(reason: string): UnidentifiedErrorReply {
  return unidentifiedError(PROTOCOL_ERROR_CODES.ParseError, `Parse error: ${reason}`);
}

/** JSON that is not a JSON-RPC message. */
export function invalidRequestReply(reason: string): UnidentifiedErrorReply {
  return unidentifiedError(PROTOCOL_ERROR_CODES.InvalidRequest, `Invalid Request: ${reason}`);
}

/**
 * The JSON-RPC error of a failure to read an HTTP request's message, which MCP clients parse;
 * undefined for refusals of the caller (key, origin, method), which keep toolhub's envelope.
 */
export function jsonRpcFailureBodyOf(error: DomainError): UnidentifiedErrorReply | undefined {
  if (
    error instanceof InvalidJsonError ||
    error instanceof JsonTooDeepError ||
    error instanceof NumberOutOfRangeError
  ) {
    return parseErrorReply(error.message);
  }
  if (error instanceof InvalidJsonRpcMessageError) return invalidRequestReply(error.message);
  if (
    error instanceof UnsupportedMediaTypeError ||
    error instanceof UnsupportedContentEncodingError ||
    error instanceof PayloadTooLargeError
  ) {
    return unidentifiedError(TRANSPORT_ERROR, error.message);
  }
  return undefined;
}
