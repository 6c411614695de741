import { AgentStepType } from './agent/agent.step-type';
import { ToolStepType } from './tool/tool.step-type';

/** The workflow step types this module provides; each is found by its decorator. */
export const WORKFLOW_STEP_TYPES = [AgentStepType, ToolStepType];
