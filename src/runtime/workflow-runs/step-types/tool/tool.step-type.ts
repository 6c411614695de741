import { Injectable } from '@nestjs/common';
import { WorkflowStepTypeProvider } from '../../../../registry/workflows/step-types/step-type-provider.decorator';
import { type StepNode } from '../../../../registry/workflows/step-types/step-type.contract';
import { RegisteredTargetStep } from '../../../../registry/workflows/step-types/registered-target-step';
import { ToolInvoker } from '../../../../tools/tool-invoker.service';
import { StepFailure } from '../../step-outcomes';
import { type StepExecution, type WorkflowStepType } from '../workflow-step-type.contract';

/** `tool`: a call of a registered tool with the step's input as its arguments. */
@Injectable()
@WorkflowStepTypeProvider()
export class ToolStepType extends RegisteredTargetStep implements WorkflowStepType {
  readonly type = 'tool';

  constructor(private readonly tools: ToolInvoker) {
    super();
  }

  target(step: StepNode & { id?: string }) {
    return step.id === undefined ? undefined : { tool_id: step.id };
  }

  execute({ run, step, signal, input }: StepExecution): Promise<unknown> {
    if (step.ref_id === undefined) throw new StepFailure('INVALID_STEP', 'The step names no tool');
    // By id: a tool renamed, or a new tool under its old name, changes nothing.
    return this.tools.invoke({ id: step.ref_id }, input(), {
      caller: 'workflow',
      scope: 'all',
      origin: {
        user: run.owner,
        keyId: run.key_id ?? undefined,
        depth: run.depth,
        workflowRunId: run.id,
      },
      signal,
    });
  }
}
