import { Injectable, type OnModuleInit } from '@nestjs/common';
import Ajv from 'ajv';
import { type CatalogTool, ToolCatalog } from '../tools/tool-catalog.service';
import { type ToolContext, type ToolDefinition } from '../tools/tool.contract';
import { inputCheckOf } from '../tools/tool-input-check';
import { ToolExecutionFailedError } from '../tools/tool.errors';
import { ArtifactsConfig } from './artifacts.config';
import { type ArtifactRange, ArtifactsService } from './artifacts.service';

export const LOAD_ARTIFACT = 'load_artifact';

interface LoadArtifactInput {
  name: string;
  version?: number;
  offset?: number;
  limit?: number;
}

/**
 * The tool agents read their session's artifacts with, in byte ranges for large ones. It works
 * on the session of the run that calls it, so it is a run-only tool (never served over REST or
 * MCP), offered only to sessions that have artifacts.
 */
@Injectable()
export class LoadArtifactTool implements OnModuleInit {
  private readonly tool: CatalogTool;
  private readonly limit: number;

  constructor(
    private readonly artifacts: ArtifactsService,
    private readonly catalog: ToolCatalog,
    config: ArtifactsConfig,
  ) {
    const definition = definitionOf(config.LLM_RETURN_MAX_BYTES);
    this.tool = {
      definition,
      // The executor checked the input against the schema before it gets here.
      handler: {
        execute: (input, context) => this.load(input as unknown as LoadArtifactInput, context),
      },
      check: inputCheckOf(
        new Ajv({ allErrors: true, strict: true }).compile(definition.inputSchema),
      ),
      readsArtifacts: true,
    };
    this.limit = config.LLM_RETURN_MAX_BYTES;
  }

  onModuleInit(): void {
    this.catalog.serveToRuns(this.tool);
  }

  private load(input: LoadArtifactInput, context: ToolContext): Promise<ArtifactRange> {
    if (!context.session) {
      throw new ToolExecutionFailedError(`${LOAD_ARTIFACT} works only inside an agent run`);
    }
    return this.artifacts.readForModel(context.session, {
      name: input.name,
      version: input.version,
      offset: input.offset ?? 0,
      limit: input.limit ?? this.limit,
    });
  }
}

function definitionOf(maxBytes: number): ToolDefinition {
  return {
    name: LOAD_ARTIFACT,
    description:
      'Reads an artifact of this conversation (a saved tool result), as text, in byte ranges: ' +
      'start at `offset` (default 0) and read at most `limit` bytes; `next_offset` says where ' +
      'the rest starts. Binary artifacts (images, audio) are described, not returned.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 300, description: "The artifact's name" },
        version: {
          type: 'integer',
          minimum: 0,
          description: 'The version to read; the newest by default',
        },
        offset: { type: 'integer', minimum: 0, description: 'The first byte to read' },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: maxBytes,
          description: `The most bytes to read (at most ${maxBytes})`,
        },
      },
      required: ['name'],
      additionalProperties: false,
    },
    annotations: { title: 'Load artifact', readOnlyHint: true },
  };
}
