export const MCP_ORIGIN_POLICY = Symbol('MCP_ORIGIN_POLICY');

/** The conformance fixtures' starter (`loadConformanceFixtures`), null outside fixture mode. */
export const MCP_CONFORMANCE_FIXTURES = Symbol('MCP_CONFORMANCE_FIXTURES');
