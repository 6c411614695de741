import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import Ajv from 'ajv';
import { type ToolDefinition, type ToolHandler } from './tool.contract';
import { type CatalogTool } from './tool-catalog.service';
import { inputCheckOf } from './tool-input-check';
import { linearRegExp } from './linear-regexp';
import { ToolProvider } from './tool-provider.decorator';

/**
 * The tools implemented in code, found by their `@ToolProvider` decorator, in name order. The
 * registry stores each one as a `builtin` tool at start; the catalog serves the active ones.
 */
@Injectable()
export class BuiltinToolRegistry implements OnModuleInit {
  private readonly tools = new Map<string, CatalogTool>();
  // Strict mode makes a typo in a tool's schema fail at start instead of validating nothing;
  // patterns run on the linear-time engine, as registered tools' do.
  private readonly ajv = new Ajv({ allErrors: true, strict: true, code: { regExp: linearRegExp } });

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
      const check = inputCheckOf(this.ajv.compile(definition.inputSchema));
      this.tools.set(definition.name, { definition, handler, check });
    }
  }

  list(): CatalogTool[] {
    return [...this.tools.values()];
  }

  find(name: string): CatalogTool | undefined {
    return this.tools.get(name);
  }
}
