import { AgentStepType } from './agent/agent.step-type';
import { BranchStepType } from './branch/branch.step-type';
import { LoopStepType } from './loop/loop.step-type';
import { MapStepType } from './map/map.step-type';
import { ParallelStepType } from './parallel/parallel.step-type';
import { ToolStepType } from './tool/tool.step-type';

/** The workflow step types this module provides; each is found by its decorator. */
export const WORKFLOW_STEP_TYPES = [
  AgentStepType,
  ToolStepType,
  BranchStepType,
  LoopStepType,
  ParallelStepType,
  MapStepType,
];
