import { type ToolInputSchema } from '../../tools/tool.contract';

/** What a call of an `agent` tool gives the agent. */
export interface AgentToolInput {
  message: string;
  session_id?: string;
}

/** The longest message a call may send the agent. */
export const AGENT_TOOL_MESSAGE_MAX = 100_000;

/** The input schema of every `agent` tool. */
export const AGENT_TOOL_PARAMETERS: ToolInputSchema = {
  type: 'object',
  properties: {
    message: {
      type: 'string',
      minLength: 1,
      maxLength: AGENT_TOOL_MESSAGE_MAX,
      description: 'What to ask the agent',
    },
    session_id: {
      type: 'string',
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      description: "One of the caller's sessions with this agent, to continue it",
    },
  },
  required: ['message'],
  additionalProperties: false,
};
