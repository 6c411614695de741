import { type JSONRPCErrorResponse, type JSONRPCRequest } from '@modelcontextprotocol/server';
import { onFirstUse } from '../core/on-first-use';
import { mcpServerSdk } from './loaded-on-first-use';
import { PROTOCOL_ERROR_CODES } from './protocol-errors';
import { describeIssues, issuesOf } from './schema-issues';

/** The methods toolhub serves, by the schema of their requests. */
const servedRequests = onFirstUse(() => {
  const { specTypeSchemas } = mcpServerSdk();
  return {
    initialize: specTypeSchemas.InitializeRequest,
    ping: specTypeSchemas.PingRequest,
    'tools/list': specTypeSchemas.ListToolsRequest,
    'tools/call': specTypeSchemas.CallToolRequest,
    'resources/list': specTypeSchemas.ListResourcesRequest,
    'resources/templates/list': specTypeSchemas.ListResourceTemplatesRequest,
    'resources/read': specTypeSchemas.ReadResourceRequest,
  } as const;
});

type ServedMethod = keyof ReturnType<typeof servedRequests>;

function isServed(method: string): method is ServedMethod {
  return Object.hasOwn(servedRequests(), method);
}

/**
 * The -32602 Invalid params answer to a request of a served method whose params do not fit it,
 * saying what is wrong (`arguments must be an object, not an array`); undefined when they fit
 * or the method is not served (the server answers that -32601). The SDK checks params too, but
 * reports a mismatch as -32603 Internal error with the schema library's dump.
 */
export function invalidParamsReplyOf(request: JSONRPCRequest): JSONRPCErrorResponse | undefined {
  if (!isServed(request.method)) return undefined;
  const issues = issuesOf(servedRequests()[request.method], request);
  if (!issues) return undefined;
  const problem = describeIssues(issues, request, 'params');
  return {
    jsonrpc: '2.0',
    id: request.id,
    error: {
      code: PROTOCOL_ERROR_CODES.InvalidParams,
      message: `Invalid params for ${request.method}: ${problem}`,
    },
  };
}
