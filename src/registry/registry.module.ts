import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobsModule } from '../jobs/jobs.module';
import { ClusterModule } from '../cluster/cluster.module';
import { SecretsModule } from '../secrets/secrets.module';
import { ProvidersModule } from '../providers/providers.module';
import { AgentsController } from './agents/agents.controller';
import { AgentsRepository } from './agents/agents.repository';
import { AgentsService } from './agents/agents.service';
import { TOOL_SCHEMA_PROVIDERS } from './tools/tool-schema.providers';
import { ToolParametersCompiler } from './tools/tool-parameters';
import { BuiltinToolRegistration } from './tools/builtin-tool-registration.service';
import { RegisteredToolFactory } from './tools/registered-tool-factory';
import { RegisteredToolsController } from './tools/registered-tools.controller';
import { RegisteredToolsRepository } from './tools/registered-tools.repository';
import { RegisteredToolsService } from './tools/registered-tools.service';
import { SecretHeadersSealing } from './tools/secret-headers-sealing.service';
import { ToolCatalogSync } from './tools/tool-catalog-sync.service';
import { ToolPageCache } from './tools/tool-page-cache';
import { ToolTestRunService } from './tools/tool-test-run.service';
import { TOOL_SOURCE_PROVIDERS } from './sources/tool-sources.providers';
import { ToolSourcesController } from './sources/tool-sources.controller';
import { ToolSourceNames } from './tools/tool-source-names';
import { WorkflowsController } from './workflows/workflows.controller';
import { WorkflowsRepository } from './workflows/workflows.repository';
import { WorkflowsService } from './workflows/workflows.service';
import { WorkflowStepTypes } from './workflows/step-types/workflow-step-types';

/**
 * The tool/agent registry at `/api/v1`: tools, tool sources, agents and workflows in the
 * database, behind API keys. Its active tools are what the tool service serves.
 */
@Module({
  imports: [DiscoveryModule, ProvidersModule, ClusterModule, SecretsModule, JobsModule],
  controllers: [
    RegisteredToolsController,
    ToolSourcesController,
    AgentsController,
    WorkflowsController,
  ],
  providers: [
    ...TOOL_SCHEMA_PROVIDERS,
    RegisteredToolFactory,
    SecretHeadersSealing,
    BuiltinToolRegistration,
    ToolCatalogSync,
    // A plain class (its clock can be given), made once per application.
    { provide: ToolPageCache, useFactory: () => new ToolPageCache() },
    RegisteredToolsRepository,
    RegisteredToolsService,
    ToolSourceNames,
    ...TOOL_SOURCE_PROVIDERS,
    ToolTestRunService,
    AgentsRepository,
    AgentsService,
    WorkflowsRepository,
    WorkflowsService,
    WorkflowStepTypes,
  ],
  exports: [AgentsRepository, WorkflowsRepository, ToolParametersCompiler],
})
export class RegistryModule {}
