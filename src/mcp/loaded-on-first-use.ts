/* eslint-disable @typescript-eslint/no-require-imports -- `require` on first use keeps each
   SDK's types while a start loads none of it: an import would load it with this file. */
import type * as McpNodeSdk from '@modelcontextprotocol/node';
import type * as McpServerSdk from '@modelcontextprotocol/server';
import type * as McpStdioSdk from '@modelcontextprotocol/server/stdio';
import type * as McpAjvValidators from '@modelcontextprotocol/server/validators/ajv';
import { onFirstUse } from '../core/on-first-use';
import type * as TaskRequests from './tasks/task-requests';

/*
 * What MCP needs that a start does not: the SDKs (the server's, with zod and the protocol's
 * schemas; its Node.js HTTP transport, stdio server and Ajv validator) and toolhub's modules that
 * load them as they load, made by the first request to /mcp or the stdio server. Most starts
 * serve REST first, and the SDKs were about a tenth of what a start loaded.
 */

export const mcpServerSdk = onFirstUse(
  () => require('@modelcontextprotocol/server') as typeof McpServerSdk,
);

export const mcpNodeSdk = onFirstUse(
  () => require('@modelcontextprotocol/node') as typeof McpNodeSdk,
);

export const mcpStdioSdk = onFirstUse(
  () => require('@modelcontextprotocol/server/stdio') as typeof McpStdioSdk,
);

export const mcpAjvValidators = onFirstUse(
  () => require('@modelcontextprotocol/server/validators/ajv') as typeof McpAjvValidators,
);

/** The tasks' request schemas (zod's) and capability checks, loaded with the SDK they serve. */
export const taskRequests = onFirstUse(
  () => require('./tasks/task-requests') as typeof TaskRequests,
);
