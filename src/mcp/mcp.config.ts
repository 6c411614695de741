import { IsString } from 'class-validator';

/** The environment variables of the MCP endpoint. */
export class McpConfig {
  /**
   * Browser origins allowed to call `/mcp`, comma-separated (e.g. `https://app.example.com`),
   * or `*` for any. Loopback origins (localhost, 127.0.0.1, [::1], any port) are always
   * allowed; requests without an `Origin` header (non-browser clients) are not restricted.
   */
  @IsString()
  MCP_ALLOWED_ORIGINS = '';
}
