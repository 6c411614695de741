import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '../../core/errors';
import { type ToolImplementation } from '../../database/schema';
import { ResourceNotFoundError } from '../../registry/common/registry.errors';
import { WorkflowsRepository } from '../../registry/workflows/workflows.repository';
import { ToolKindProvider } from '../../tools/tool-kind-provider.decorator';
import {
  type StoredTool,
  type ToolImplementationView,
  type ToolKind,
  type ToolKindBuild,
} from '../../tools/tool-kind.contract';
import { type ToolInputSchema } from '../../tools/tool.contract';
import { ExecutionTimeoutError } from '../../tools/tool.errors';
import { RuntimeConfig } from '../runtime.config';
import { AgentDepthExceededError } from '../runtime.errors';
import { WorkflowToolImplementationDto } from './dto/workflow-tool-implementation.dto';
import { InvalidWorkflowInputError, WorkflowRunFailedError } from './workflow-run.errors';
import { type WorkflowToolAnswer, WorkflowToolCalls } from './workflow-tool-calls';
import { WORKFLOW_TOOL_ANSWER_SCHEMA } from './workflow-tool-answer.schema';
import { WorkflowToolWork } from './workflow-tool-work';

/** A stored `workflow` implementation. */
type StoredWorkflowTool = ToolImplementation & { workflow_id: string };

const EXAMPLE_ID = '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2f1e';

/**
 * `workflow` tools: a call runs the workflow (see `WorkflowToolCalls`), so workflows are reached
 * by every caller of tools through the one tool path. The tool's input schema is the
 * workflow's `input_schema` when the tool is registered.
 */
@ToolKindProvider()
@Injectable()
export class WorkflowToolKind implements ToolKind<WorkflowToolImplementationDto> {
  readonly type = 'workflow';
  readonly errors = [
    new WorkflowRunFailedError(
      'The tool encodePlantUML failed',
      EXAMPLE_ID,
      'TOOL_EXECUTION_FAILED',
    ),
    new InvalidWorkflowInputError('summarise-and-draw', [
      { path: '/topic', message: 'must be string' },
    ]),
    new ResourceNotFoundError('Workflow', EXAMPLE_ID),
    new AgentDepthExceededError(3),
    new ExecutionTimeoutError(300_000),
  ];
  readonly registration = {
    dto: WorkflowToolImplementationDto,
    store: ({ workflow_id }: WorkflowToolImplementationDto): ToolImplementation => ({
      type: this.type,
      workflow_id: workflow_id.toLowerCase(),
    }),
    // Its agent steps' own tools carry their approvals.
    requiresApprovalByDefault: false,
    suppliedParameters: async (implementation: ToolImplementation) => {
      const { workflow_id } = implementation as StoredWorkflowTool;
      const workflow = await this.workflows.find(workflow_id);
      if (!workflow) {
        throw new ValidationFailedError([
          {
            field: 'implementation.workflow_id',
            messages: [
              `implementation.workflow_id must be the id of a workflow; '${workflow_id}' is none`,
            ],
          },
        ]);
      }
      // Registration refuses an input schema that is not of type `object`.
      return workflow.input_schema as ToolInputSchema;
    },
  };

  constructor(
    private readonly workflows: WorkflowsRepository,
    private readonly calls: WorkflowToolCalls,
    private readonly config: RuntimeConfig,
    readonly work: WorkflowToolWork,
  ) {}

  build({ implementation }: StoredTool): ToolKindBuild {
    const { workflow_id } = implementation as StoredWorkflowTool;
    return {
      handler: { execute: (input, context) => this.calls.call(workflow_id, input, context) },
      outputSchema: WORKFLOW_TOOL_ANSWER_SCHEMA,
      timeLimitMs: this.config.AGENT_TOOL_TIMEOUT_SECONDS * 1000,
      work: {
        start: async (input, origin) => (await this.calls.start(workflow_id, input, origin)).id,
      },
      artifactsOf: (answer) => (answer as WorkflowToolAnswer).artifacts,
    };
  }

  view(implementation: ToolImplementation): ToolImplementationView {
    return { type: this.type, workflow_id: (implementation as StoredWorkflowTool).workflow_id };
  }
}
