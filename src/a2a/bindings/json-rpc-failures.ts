import {
  type DomainError,
  InvalidJsonError,
  JsonTooDeepError,
  NumberOutOfRangeError,
  PayloadTooLargeError,
  UnsupportedContentEncodingError,
  UnsupportedMediaTypeError,
} from '../../core/errors';

/** JSON-RPC's codes for a body that is no JSON, and for the server's own refusals. */
const PARSE_ERROR = -32700;
const SERVER_ERROR = -32000;

/**
 * The JSON-RPC error for a request body the server could not read (not JSON, too deep, too
 * large, of another type); undefined for refusals of the caller (key, agent), which keep
 * toolhub's envelope.
 */
export function jsonRpcFailureBodyOf(error: DomainError) {
  const unidentified = (code: number) => ({
    jsonrpc: '2.0',
    id: null,
    error: { code, message: error.message },
  });
  if (
    error instanceof InvalidJsonError ||
    error instanceof JsonTooDeepError ||
    error instanceof NumberOutOfRangeError
  ) {
    return unidentified(PARSE_ERROR);
  }
  if (
    error instanceof UnsupportedMediaTypeError ||
    error instanceof UnsupportedContentEncodingError ||
    error instanceof PayloadTooLargeError
  ) {
    return unidentified(SERVER_ERROR);
  }
  return undefined;
}
