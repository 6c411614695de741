import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { discoverStepTypes } from '../../../registry/workflows/step-types/workflow-step-types';
import { StepFailure } from '../step-outcomes';
import { type WorkflowStepType } from './workflow-step-type.contract';

/** Every workflow step type's execution, found as the registry finds their definitions. */
@Injectable()
export class WorkflowStepExecutors {
  private found?: ReadonlyMap<string, WorkflowStepType>;

  constructor(private readonly discovery: DiscoveryService) {}

  /** The type of a pinned step; one this server does not have fails the step. */
  of(type: string): WorkflowStepType {
    this.found ??= discoverStepTypes<WorkflowStepType>(this.discovery);
    const found = this.found.get(type);
    if (!found) throw new StepFailure('UNKNOWN_STEP_TYPE', `No step type is named ${type}`);
    return found;
  }
}
