import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, ValidateBy } from 'class-validator';

/** Most tools one agent may list. */
export const MAX_AGENT_TOOLS = 128;

/** A tool of an agent with the agent's own approval rule for it. */
export interface AgentToolLink {
  tool_id: string;
  /** Null or left out: the tool's own `requires_approval`. */
  requires_approval?: boolean | null;
}

/** An item of `tool_ids`: a tool id, or a tool id with the agent's approval rule. */
export type ToolIdItem = string | AgentToolLink;

export function toolIdOf(item: ToolIdItem): string {
  return typeof item === 'string' ? item : item.tool_id;
}

function isToolIdItem(item: unknown): item is ToolIdItem {
  if (typeof item === 'string') return true;
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return false;
  const { tool_id, requires_approval, ...rest } = item as Record<string, unknown>;
  return (
    typeof tool_id === 'string' &&
    (requires_approval === undefined ||
      requires_approval === null ||
      typeof requires_approval === 'boolean') &&
    Object.keys(rest).length === 0
  );
}

/**
 * A list of tools: ids, or `{ tool_id, requires_approval }` to override a tool's approval rule
 * for this agent; each tool once (ignoring case, as UUIDs do), at most `MAX_AGENT_TOOLS`.
 * Whether they name tools is the service's check (400, not 422).
 */
export function IsToolIdList(): PropertyDecorator {
  return applyDecorators(
    // The Swagger plugin only sees validators applied directly: document the limits here.
    ApiProperty({
      maxItems: MAX_AGENT_TOOLS,
      items: {
        oneOf: [
          { type: 'string', format: 'uuid' },
          {
            type: 'object',
            required: ['tool_id'],
            properties: {
              tool_id: { type: 'string', format: 'uuid' },
              requires_approval: { type: 'boolean', nullable: true },
            },
          },
        ],
      },
    }),
    IsArray(),
    ArrayMaxSize(MAX_AGENT_TOOLS),
    ValidateBy({
      name: 'isToolIdList',
      validator: {
        validate: (items: unknown) => Array.isArray(items) && items.every(isToolIdItem),
        defaultMessage: () =>
          '$property must list tool ids or { tool_id, requires_approval } objects',
      },
    }),
    ArrayUnique((item: unknown) => (isToolIdItem(item) ? toolIdOf(item).toLowerCase() : item), {
      message: '$property must not list a tool twice',
    }),
  );
}
