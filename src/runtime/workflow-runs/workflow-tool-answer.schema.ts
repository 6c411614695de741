import { type JsonSchema } from '../../core/json-schema';

const STEP_STATUSES = [
  'pending',
  'running',
  'awaiting_approval',
  'completed',
  'failed',
  'cancelled',
];

/**
 * What every `workflow` tool answers (`WorkflowToolAnswer`), declared so MCP clients and the
 * OpenAPI document know it; `output` is whatever the workflow's last step produced.
 */
export const WORKFLOW_TOOL_ANSWER_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    output: { description: "The workflow's last step's output" },
    workflow_run_id: { type: 'string', format: 'uuid' },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          index: { type: 'integer', minimum: 0 },
          key: { type: ['string', 'null'] },
          status: { type: 'string', enum: STEP_STATUSES },
        },
        required: ['index', 'key', 'status'],
      },
    },
    artifacts: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          version: { type: 'integer' },
          mime_type: { type: 'string' },
          size_bytes: { type: 'integer' },
        },
        required: ['id', 'name', 'version', 'mime_type', 'size_bytes'],
      },
    },
  },
  required: ['output', 'workflow_run_id', 'steps', 'artifacts'],
};
