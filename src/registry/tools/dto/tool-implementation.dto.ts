/** A tool's implementation as the API returns it: secret header values are never shown. */
export class ToolImplementationViewDto {
  /** @example "http" */
  type!: 'builtin' | 'http' | 'mcp';
  /** @example "https://tools.example.com/price" */
  url?: string;
  tool_name?: string;
  /** @example {"X-Client": "toolhub"} */
  headers?: Record<string, string>;
  /** @example ["Authorization"] */
  secret_header_names?: string[];
}
