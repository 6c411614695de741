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

/** All tools of the running app, found by their `@ToolProvider` decorator, in name order. */
@Injectable()
export class ToolRegistry implements OnModuleInit {
  private readonly tools = new Map<string, RegisteredTool>();
  // Strict mode makes a typo in a tool's schema fail at start instead of validating nothing.
  private readonly ajv = new Ajv({ allErrors: true, strict: true });

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const found = this.discovery
      .getProviders({ metadataKey: ToolProvider.KEY })
      .map((wrapper) => ({
        definition: this.discovery.getMetadataByDecorator(ToolProvider, wrapper) as ToolDefinition,
        handler: wrapper.instance as ToolHandler,
      }))
      .sort((a, b) => a.definition.name.localeCompare(b.definition.name));
    for (const { definition, handler } of found) {
      if (this.tools.has(definition.name)) {
        throw new Error(`Two tools are named '${definition.name}'; tool names must be unique`);
      }
      const validate = this.ajv.compile(definition.inputSchema);
      this.tools.set(definition.name, { definition, handler, check: issuesOf(validate) });
    }
  }

  list(): RegisteredTool[] {
    return [...this.tools.values()];
  }

  find(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
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
