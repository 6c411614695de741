import { type RuntimeUser } from './runtime-client';
import { type ToolServer } from './tool-servers';

type ToolCall = { name: string; args: Record<string, unknown> };

let counter = 0;
const unique = (base: string) => `${base}_${++counter}`;

/** A scripted agent that calls `calls` in its first turn, if any, then answers `text`. */
export function answering(text: string, calls: ToolCall[] = []) {
  const answer = { text };
  const asking = {
    text: 'Let me see.',
    tool_calls: calls.map((call, i) => ({ id: `t${i}`, ...call })),
  };
  return {
    provider: 'scripted',
    model: 'scripted',
    script: calls.length ? [asking, answer] : [answer],
  };
}

/** A scripted agent whose run holds its turn until cancelled. */
export const HOLDING = {
  provider: 'scripted',
  model: 'scripted',
  script: [{ text: 'Working.', hold: true }],
};

/** A new agent served as a new agent tool; its name. */
export async function agentTool(user: RuntimeUser, modelConfig: object, toolIds: string[] = []) {
  const agent = await user.post('/api/v1/agents', {
    name: unique('agent'),
    system_prompt: 'You are a test agent.',
    model_config: modelConfig,
    tool_ids: toolIds,
  });
  expect(agent.status).toBe(201);
  const name = unique('ask_agent');
  const tool = await user.post('/api/v1/tools', {
    name,
    description: 'Asks an agent',
    implementation: { type: 'agent', agent_id: agent.body.id },
  });
  expect(tool.status).toBe(201);
  return name;
}

/** An `http` tool on `server`; `requires_approval` as given. */
export async function httpTool(user: RuntimeUser, server: ToolServer, requiresApproval: boolean) {
  const created = await user.post('/api/v1/tools', {
    name: unique('create_customer'),
    parameters: { type: 'object' },
    implementation: { type: 'http', url: server.url },
    requires_approval: requiresApproval,
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, name: created.body.name as string };
}
