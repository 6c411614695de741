export const MCP_ORIGIN_POLICY = Symbol('MCP_ORIGIN_POLICY');
