import {
  type CallToolResult,
  type ElicitRequestFormParams,
  type ElicitResult,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { text } from './content-blocks';

type FormSchema = ElicitRequestFormParams['requestedSchema'];

/** A form asking for every primitive type, each with a default the client can show. */
const FORM_WITH_DEFAULTS: FormSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    score: { type: 'number', default: 95.5 },
    status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
    verified: { type: 'boolean', default: true },
  },
};

/** A form asking for one field of each way a choice can be offered, titled or not. */
const FORM_WITH_CHOICES: FormSchema = {
  type: 'object',
  properties: {
    untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    titledSingle: {
      type: 'string',
      oneOf: [
        { const: 'value1', title: 'First Option' },
        { const: 'value2', title: 'Second Option' },
        { const: 'value3', title: 'Third Option' },
      ],
    },
    legacyEnum: {
      type: 'string',
      enum: ['opt1', 'opt2', 'opt3'],
      enumNames: ['Option One', 'Option Two', 'Option Three'],
    },
    untitledMulti: {
      type: 'array',
      items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    },
    titledMulti: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'value1', title: 'First Choice' },
          { const: 'value2', title: 'Second Choice' },
          { const: 'value3', title: 'Third Choice' },
        ],
      },
    },
  },
};

/**
 * Sends a request to the client on the call's own stream: without the call's id the SDK would
 * send it on the session's standalone stream, which /mcp does not open.
 */
const onCallStream = (ctx: ServerContext) => ({ relatedRequestId: ctx.mcpReq.id });

const elicitationOutcome = ({ action, content }: ElicitResult): CallToolResult => ({
  content: [
    text(`Elicitation completed: action=${action}, content=${JSON.stringify(content ?? {})}`),
  ],
});

/**
 * The 2025-era tool fixtures that ask their client mid-call, on the call's own stream: for a
 * completion (sampling) or for the user's input (elicitation). A client that did not declare the
 * capability gets a tool error. They need the fixture session that carries the answer back.
 */
export function registerClientRequestToolFixtures(server: McpServer): void {
  server.registerTool(
    'test_sampling',
    {
      description: "Asks the client's model to answer a prompt",
      inputSchema: z.object({ prompt: z.string().describe('The prompt to send to the LLM') }),
    },
    async ({ prompt }, ctx): Promise<CallToolResult> => {
      const reply = await ctx.mcpReq.requestSampling(
        { messages: [{ role: 'user', content: text(prompt) }], maxTokens: 100 },
        onCallStream(ctx),
      );
      const said = Array.isArray(reply.content) ? reply.content : [reply.content];
      const words = said.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`));
      return { content: [text(`LLM response: ${words.join(' ')}`)] };
    },
  );

  server.registerTool(
    'test_elicitation',
    {
      description: 'Asks the user for a username and an email address',
      inputSchema: z.object({ message: z.string().describe('The message to show the user') }),
    },
    async ({ message }, ctx): Promise<CallToolResult> => {
      const { action, content } = await ctx.mcpReq.elicitInput(
        {
          message,
          requestedSchema: {
            type: 'object',
            properties: {
              username: { type: 'string', description: "User's response" },
              email: { type: 'string', description: "User's email address" },
            },
            required: ['username', 'email'],
          },
        },
        onCallStream(ctx),
      );
      return {
        content: [text(`User response: ${JSON.stringify({ action, content: content ?? {} })}`)],
      };
    },
  );

  const forms = [
    {
      name: 'test_elicitation_sep1034_defaults',
      description: 'Asks for a form whose fields of every primitive type have defaults',
      message: 'Check these details',
      requestedSchema: FORM_WITH_DEFAULTS,
    },
    {
      name: 'test_elicitation_sep1330_enums',
      description: 'Asks for a form offering choices in every enum form',
      message: 'Pick some options',
      requestedSchema: FORM_WITH_CHOICES,
    },
  ];
  for (const { name, description, message, requestedSchema } of forms) {
    server.registerTool(name, { description }, async (ctx) =>
      elicitationOutcome(
        await ctx.mcpReq.elicitInput({ message, requestedSchema }, onCallStream(ctx)),
      ),
    );
  }
}
