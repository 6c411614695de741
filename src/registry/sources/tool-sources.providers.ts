import { provideFeatureConfig } from '../../core/config';
import { ImportedToolsRepository } from './imported-tools.repository';
import { SourceToolKind } from './source-tool.kind';
import { ToolSourceCalls } from './tool-source-calls.service';
import { ToolSourceChangesRepository } from './tool-source-changes.repository';
import { ToolSourceChangesService } from './tool-source-changes.service';
import { ToolSourceSchedule } from './tool-source-schedule.service';
import { ToolSourceSync } from './tool-source-sync.service';
import { ToolSourceTypes } from './tool-source-types.service';
import { ToolSourceWatches } from './tool-source-watches.service';
import { ToolSourceSecretsSealing } from './tool-source-secrets-sealing.service';
import { ToolSourcesConfig } from './tool-sources.config';
import { ToolSourcesRepository } from './tool-sources.repository';
import { ToolSourcesService } from './tool-sources.service';
import { McpSourceType } from './types/mcp/mcp-source.type';
import { McpUpstreams } from './types/mcp/mcp-upstreams';
import { McpStdioSourceType } from './types/mcp-stdio/mcp-stdio-source.type';
import { StdioServers } from './types/mcp-stdio/stdio-servers';
import { OpenApiSourceType } from './types/openapi/openapi-source.type';
import { UpstreamChanges } from './upstream-changes';
import { UpstreamToolScreening } from './upstream-tool-screening';

/** The source types of the code, with what they need; a type in another module is found too. */
const SOURCE_TYPES = [
  McpSourceType,
  McpUpstreams,
  McpStdioSourceType,
  StdioServers,
  OpenApiSourceType,
];

/**
 * Tool sources at `/api/v1/tool-sources`: upstreams that supply many tools, imported as
 * registry tools (the `source` tool kind), kept in sync, their changes held for review. Part of
 * the registry module, whose tools they are.
 */
export const TOOL_SOURCE_PROVIDERS = [
  provideFeatureConfig(ToolSourcesConfig),
  ...SOURCE_TYPES,
  ToolSourceTypes,
  SourceToolKind,
  ToolSourceCalls,
  ToolSourcesRepository,
  ToolSourceChangesRepository,
  ImportedToolsRepository,
  UpstreamToolScreening,
  UpstreamChanges,
  ToolSourceSync,
  ToolSourceSchedule,
  ToolSourceWatches,
  ToolSourceSecretsSealing,
  ToolSourcesService,
  ToolSourceChangesService,
];
