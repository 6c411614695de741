import { IsIn, IsString } from 'class-validator';

/** What a workflow step runs: a registered agent or a registered tool. */
export const STEP_TYPES = ['agent', 'tool'] as const;

export type StepType = (typeof STEP_TYPES)[number];

export class WorkflowStepDto {
  /** @example "agent" */
  @IsIn(STEP_TYPES)
  type!: StepType;

  /** The id of the agent or tool, as `type` says. @example "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d" */
  @IsString()
  id!: string;
}

/** A step as the API shows it: with the name of what it runs. */
export class WorkflowStepViewDto extends WorkflowStepDto {
  /** @example "buy_signal_analyzer" */
  name!: string;
}
