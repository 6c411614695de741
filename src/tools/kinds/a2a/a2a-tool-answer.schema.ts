import { type JsonSchema } from '../../../core/json-schema';

const PART: JsonSchema = {
  type: 'object',
  description:
    'One part of an artifact: { text }, { data }, { url, media_type, filename } or ' +
    '{ raw_base64, media_type, filename }',
};

/** The shape of every `a2a` tool's answer. */
export const A2A_TOOL_ANSWER_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    response: { type: 'string', description: "The remote agent's final answer, as text" },
    task_id: {
      type: 'string',
      description: "The remote agent's task; empty when it answered with a message only",
    },
    context_id: {
      type: 'string',
      description: 'Give it as context_id to a later call to continue the conversation',
    },
    artifacts: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          artifact_id: { type: 'string' },
          name: { type: 'string' },
          description: { type: 'string' },
          parts: { type: 'array', items: PART },
        },
        required: ['artifact_id', 'name', 'description', 'parts'],
      },
    },
  },
  required: ['response', 'task_id', 'context_id', 'artifacts'],
};
