import { type InputIssue } from '../../../../tools/tool.contract';
import { formPairsOf, simpleValueOf } from './parameter-values';
import { BODY_PROPERTY, type PreparedOperation } from './prepared-operation';

/** The HTTP request a call of an operation makes, before the source's own headers. */
export interface OperationRequest {
  method: string;
  url: string;
  /** Header arguments, then the body's type. */
  headers: Headers;
  body?: string;
}

/**
 * The request that calls `operation` at `baseUrl` with a tool call's arguments: each argument
 * in its place (path arguments percent-encoded, query arguments as form pairs, header and
 * cookie arguments as headers), the body as JSON or as given. An argument left out is not
 * sent; one a header cannot carry is refused as an input issue.
 */
export function operationRequestOf(
  operation: PreparedOperation,
  args: Record<string, unknown>,
  baseUrl: string,
): OperationRequest | { issues: InputIssue[] } {
  const path = operation.path.replace(/\{([^}]+)\}/g, (written, name: string) => {
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    const value: unknown = parameter ? args[parameter.property] : undefined;
    return parameter && value !== undefined && value !== null
      ? simpleValueOf(parameter, value, encodeURIComponent)
      : written;
  });
  const url = new URL(`${baseUrl}${path}`);
  const headers = new Headers();
  const cookies: string[] = [];
  const issues: InputIssue[] = [];
  for (const parameter of operation.parameters) {
    const value = args[parameter.property];
    if (value === undefined || value === null || parameter.in === 'path') continue;
    if (parameter.in === 'query') {
      for (const [name, text] of formPairsOf(parameter, value)) url.searchParams.append(name, text);
    } else if (parameter.in === 'cookie') {
      for (const [name, text] of formPairsOf(parameter, value)) {
        cookies.push(`${name}=${encodeURIComponent(text)}`);
      }
    } else {
      try {
        headers.append(parameter.name, simpleValueOf(parameter, value));
      } catch {
        issues.push({
          path: `/${parameter.property}`,
          message: 'cannot be sent as a header value',
        });
      }
    }
  }
  if (issues.length > 0) return { issues };
  if (cookies.length > 0) headers.set('cookie', cookies.join('; '));
  const request: OperationRequest = {
    method: operation.method.toUpperCase(),
    url: url.toString(),
    headers,
  };
  const body = args[BODY_PROPERTY];
  if (operation.body && body !== undefined) {
    headers.set('content-type', operation.body.contentType);
    request.body = operation.body.json || typeof body !== 'string' ? JSON.stringify(body) : body;
  }
  return request;
}
