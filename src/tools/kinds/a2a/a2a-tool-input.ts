import { type ToolInputSchema } from '../../tool.contract';

/** What a call of an `a2a` tool sends the remote agent. */
export interface A2aToolInput {
  message: string;
  /** A context the remote agent gave an earlier call, to continue that conversation. */
  context_id?: string;
}

/** The longest message a call may send: as long as an `agent` tool's. */
export const A2A_TOOL_MESSAGE_MAX = 100_000;

/** The input schema of every `a2a` tool. */
export const A2A_TOOL_PARAMETERS: ToolInputSchema = {
  type: 'object',
  properties: {
    message: {
      type: 'string',
      minLength: 1,
      maxLength: A2A_TOOL_MESSAGE_MAX,
      description: 'What to ask the remote agent',
    },
    context_id: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description:
        'The context_id an earlier answer of this tool gave, to continue that conversation',
    },
  },
  required: ['message'],
  additionalProperties: false,
};
