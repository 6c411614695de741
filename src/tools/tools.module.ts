import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ApiKeyAuthenticator } from '../api-keys/api-key-authenticator';
import { provideFeatureConfig } from '../core/config';
import { EarlyRequestChecks } from '../core/http/early-request-checks';
import { builtinToolModules } from './builtin/builtin-tool-modules';
import { BuiltinToolRegistry } from './builtin-tool-registry.service';
import { BuiltinToolKind } from './kinds/builtin/builtin-tool.kind';
import { ToolKindsModule } from './kinds/tool-kinds.module';
import { ToolCatalog } from './tool-catalog.service';
import { ToolCallAudit } from './tool-call-audit';
import { ToolExecutor } from './tool-executor.service';
import { ToolInvoker } from './tool-invoker.service';
import { ToolKindRegistry } from './tool-kind-registry.service';
import { ToolsController } from './tools.controller';
import { ToolsConfig } from './tools.config';
import { GenAiTelemetryConfig } from '../core/telemetry/gen-ai-telemetry.config';

@Module({})
export class ToolsModule {
  constructor(checks: EarlyRequestChecks, authenticator: ApiKeyAuthenticator) {
    // A key is optional here; with one, the caller sees the private tools too.
    authenticator.identifyBeforeBody(checks, '/api/tools', 'optional');
  }

  /** The tool service with every builtin tool, plus `extraToolModules` (e.g. tools of a test). */
  static forRoot(extraToolModules: readonly Type[] = []): DynamicModule {
    return {
      module: ToolsModule,
      // The catalog and executor serve every caller (REST here, MCP, test-runs, agent runs); the
      // registry feature stores the builtin tools and fills the catalog.
      global: true,
      imports: [DiscoveryModule, ToolKindsModule, ...builtinToolModules(), ...extraToolModules],
      controllers: [ToolsController],
      providers: [
        provideFeatureConfig(ToolsConfig),
        provideFeatureConfig(GenAiTelemetryConfig),
        BuiltinToolRegistry,
        ToolCatalog,
        ToolExecutor,
        ToolCallAudit,
        ToolInvoker,
        ToolKindRegistry,
        BuiltinToolKind,
      ],
      exports: [
        BuiltinToolRegistry,
        ToolCatalog,
        ToolExecutor,
        ToolInvoker,
        ToolKindRegistry,
        GenAiTelemetryConfig,
        ToolKindsModule,
      ],
    };
  }
}
