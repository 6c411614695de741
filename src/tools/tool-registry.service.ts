import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { type InputIssue, type ToolDefinition, type ToolHandler } from './tool.contract';
import { ToolProvider } from './tool-provider.decorator';

export interface RegisteredTool {
  definition: ToolDefinition;
  handler: ToolHandler;
  /** Returns the schema violations of an input, or an empty list. */
  check(input: unknown): InputIssue[];
}

/**
 * All tools of the running app, found by their `@ToolProvider` decorator, in name order. The
 * OpenAPI document is built before module init, so discovery runs on first use or at init,
 * whichever comes first.
 */
@Injectable()
export class ToolRegistry implements OnModuleInit {
  private tools?: Map<string, RegisteredTool>;
  // Strict mode makes a typo in a tool's schema fail at start instead of validating nothing.
  private readonly ajv = new Ajv({ allErrors: true, strict: true });

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.discovered();
  }

  list(): RegisteredTool[] {
    return [...this.discovered().values()];
  }

  find(name: string): RegisteredTool | undefined {
    return this.discovered().get(name);
  }

  private discovered(): Map<string, RegisteredTool> {
    if (this.tools) return this.tools;
    const tools = new Map<string, RegisteredTool>();
    const found = this.discovery
      .getProviders({ metadataKey: ToolProvider.KEY })
      .map((wrapper) => ({
        definition: this.discovery.getMetadataByDecorator(ToolProvider, wrapper) as ToolDefinition,
        handler: wrapper.instance as ToolHandler,
      }))
      .sort((a, b) => a.definition.name.localeCompare(b.definition.name));
    for (const { definition, handler } of found) {
      if (tools.has(definition.name)) {
        throw new Error(`Two tools are named '${definition.name}'; tool names must be unique`);
      }
      const validate = this.ajv.compile(definition.inputSchema);
      tools.set(definition.name, { definition, handler, check: issuesOf(validate) });
    }
    this.tools = tools;
    return tools;
  }
}

function issuesOf(validate: ValidateFunction) {
  return (input: unknown): InputIssue[] =>
    validate(input) ? [] : (validate.errors ?? []).map(toIssue);
}

function toIssue(error: ErrorObject): InputIssue {
  // Name the offending property itself, so the caller knows which one to remove.
  if (error.keyword === 'additionalProperties') {
    const property = (error.params as { additionalProperty: string }).additionalProperty;
    return { path: `${error.instancePath}/${property}`, message: 'is not an allowed property' };
  }
  return { path: error.instancePath, message: error.message ?? 'is invalid' };
}
