import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { builtinToolModules } from './builtin/builtin-tool-modules';
import { ToolInvoker } from './tool-invoker.service';
import { ToolRegistry } from './tool-registry.service';
import { ToolsController } from './tools.controller';

@Module({})
export class ToolsModule {
  /** The tool service with every builtin tool, plus `extraToolModules` (e.g. tools of a test). */
  static forRoot(extraToolModules: readonly Type[] = []): DynamicModule {
    return {
      module: ToolsModule,
      // The registry and invoker serve every transport (REST here, MCP in its own module).
      global: true,
      imports: [DiscoveryModule, ...builtinToolModules(), ...extraToolModules],
      controllers: [ToolsController],
      providers: [ToolRegistry, ToolInvoker],
      exports: [ToolRegistry, ToolInvoker],
    };
  }
}
