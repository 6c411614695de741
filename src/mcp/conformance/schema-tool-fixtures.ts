import { type CallToolResult, type McpServer, fromJsonSchema } from '@modelcontextprotocol/server';

/**
 * An input schema using JSON Schema 2020-12's wider vocabulary, which `tools/list` must hand
 * on unchanged: `$defs` with an `$anchor`, a `$ref`, `allOf`/`anyOf`, `if`/`then`/`else` and
 * `additionalProperties`.
 */
const CONTACT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** An input schema with one argument the client mirrors into a header (`Mcp-Param-Region`). */
const MIRRORED_REGION_SCHEMA = {
  type: 'object',
  properties: {
    region: {
      type: 'string',
      description: 'Sent as Mcp-Param-Region too',
      'x-mcp-header': 'Region',
    },
    level: { type: 'integer', description: 'Sent in the body only' },
  },
};

const echo = (args: unknown): CallToolResult => ({
  content: [{ type: 'text', text: `Received ${JSON.stringify(args)}` }],
});

/**
 * The tool fixtures whose input schemas are the point: one in JSON Schema 2020-12's wider
 * vocabulary, one with an argument mirrored into a header, which the server checks against the
 * body before the call runs. Both echo their arguments.
 */
export function registerSchemaToolFixtures(server: McpServer): void {
  server.registerTool(
    'json_schema_2020_12_tool',
    {
      description: 'Takes a contact described in JSON Schema 2020-12',
      inputSchema: fromJsonSchema(CONTACT_SCHEMA),
    },
    echo,
  );

  server.registerTool(
    'test_x_mcp_header',
    {
      description: 'Takes a region the client also sends as a header',
      inputSchema: fromJsonSchema(MIRRORED_REGION_SCHEMA),
    },
    echo,
  );
}
