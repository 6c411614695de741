import { isRecord } from '../artifacts/processing/is-record';
import { DomainError, InvalidJsonError } from '../core/errors';
import { mcpServerSdk } from './loaded-on-first-use';
import { describeIssues, describeValue, issuesOf } from './schema-issues';

/** JSON that is not a JSON-RPC message, or a batch holding one: a JSON-RPC Invalid Request. */
export class InvalidJsonRpcMessageError extends DomainError {
  readonly code = 'INVALID_JSON_RPC_MESSAGE';
  readonly status = 400;
}

/**
 * Refuses an HTTP body that is not one JSON-RPC message or a batch (a non-empty array) of them,
 * saying why, before the SDK's transport reads it (which calls every such body a parse error).
 * A batch with one bad member is refused whole: none of it runs.
 */
export function assertJsonRpcBody(body: unknown): void {
  // How the body parser reports a request without a body.
  if (body === undefined) throw new InvalidJsonError('the body is empty');
  if (!Array.isArray(body)) {
    const problem = jsonRpcMessageProblemOf(body);
    if (problem) throw new InvalidJsonRpcMessageError(problem);
    return;
  }
  if (body.length === 0) throw new InvalidJsonRpcMessageError('a batch holds at least one message');
  body.forEach((member, index) => {
    const problem = jsonRpcMessageProblemOf(member);
    if (problem) throw new InvalidJsonRpcMessageError(`batch member ${index}: ${problem}`);
  });
}

/** Why `value` is not a JSON-RPC message as MCP takes it, or undefined when it is one. */
export function jsonRpcMessageProblemOf(value: unknown): string | undefined {
  if (!isRecord(value)) return `a JSON-RPC message is an object, not ${describeValue(value)}`;
  if (value.jsonrpc !== '2.0') return 'jsonrpc must be "2.0"';
  if ('id' in value && typeof value.id !== 'string' && !Number.isInteger(value.id)) {
    return `id must be a string or an integer, not ${describeValue(value.id)}`;
  }
  const schema = messageSchemaOf(value);
  if (!schema) {
    return 'a message has a method (a request or notification), or a result or error (a response)';
  }
  const issues = issuesOf(schema, value);
  return issues && describeIssues(issues, value);
}

/** The kind of message `message` means to be, by its members, to describe what it lacks. */
function messageSchemaOf(message: Record<string, unknown>) {
  const { specTypeSchemas } = mcpServerSdk();
  if ('method' in message) {
    return 'id' in message ? specTypeSchemas.JSONRPCRequest : specTypeSchemas.JSONRPCNotification;
  }
  if ('error' in message) return specTypeSchemas.JSONRPCErrorResponse;
  return 'result' in message ? specTypeSchemas.JSONRPCResultResponse : undefined;
}
