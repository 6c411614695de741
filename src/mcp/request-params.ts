import {
  type JSONRPCErrorResponse,
  type JSONRPCRequest,
  ProtocolErrorCode,
  specTypeSchemas,
} from '@modelcontextprotocol/server';
import { describeIssues, issuesOf } from './schema-issues';

/** The methods toolhub serves, by the schema of their requests. */
const SERVED_REQUESTS = {
  initialize: specTypeSchemas.InitializeRequest,
  ping: specTypeSchemas.PingRequest,
  'tools/list': specTypeSchemas.ListToolsRequest,
  'tools/call': specTypeSchemas.CallToolRequest,
  'resources/list': specTypeSchemas.ListResourcesRequest,
  'resources/templates/list': specTypeSchemas.ListResourceTemplatesRequest,
  'resources/read': specTypeSchemas.ReadResourceRequest,
} as const;

function isServed(method: string): method is keyof typeof SERVED_REQUESTS {
  return Object.hasOwn(SERVED_REQUESTS, method);
}

/**
 * The -32602 Invalid params answer to a request of a served method whose params do not fit it,
 * saying what is wrong (`arguments must be an object, not an array`); undefined when they fit
 * or the method is not served (the server answers that -32601). The SDK checks params too, but
 * reports a mismatch as -32603 Internal error with the schema library's dump.
 */
export function invalidParamsReplyOf(request: JSONRPCRequest): JSONRPCErrorResponse | undefined {
  if (!isServed(request.method)) return undefined;
  const issues = issuesOf(SERVED_REQUESTS[request.method], request);
  if (!issues) return undefined;
  const problem = describeIssues(issues, request, 'params');
  return {
    jsonrpc: '2.0',
    id: request.id,
    error: {
      code: ProtocolErrorCode.InvalidParams,
      message: `Invalid params for ${request.method}: ${problem}`,
    },
  };
}
