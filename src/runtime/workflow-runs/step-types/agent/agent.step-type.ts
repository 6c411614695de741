import { Injectable } from '@nestjs/common';
import { WorkflowStepTypeProvider } from '../../../../registry/workflows/step-types/step-type-provider.decorator';
import { type StepNode } from '../../../../registry/workflows/step-types/step-type.contract';
import { RegisteredTargetStep } from '../../../../registry/workflows/step-types/registered-target-step';
import { AgentSteps } from '../../agent-steps';
import { type StepExecution, type WorkflowStepType } from '../workflow-step-type.contract';

/** `agent`: a run of a registered agent, given the step's input as its message. */
@Injectable()
@WorkflowStepTypeProvider()
export class AgentStepType extends RegisteredTargetStep implements WorkflowStepType {
  readonly type = 'agent';

  constructor(private readonly agentSteps: AgentSteps) {
    super();
  }

  target(step: StepNode & { id?: string }) {
    return step.id === undefined ? undefined : { agent_id: step.id };
  }

  execute(execution: StepExecution): Promise<string> {
    const input = execution.input();
    return this.agentSteps.run(
      {
        ...execution,
        message: typeof input === 'string' ? input : JSON.stringify(input ?? null),
      },
      execution.paused,
    );
  }
}
