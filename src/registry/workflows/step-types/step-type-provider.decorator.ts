import { DiscoveryService } from '@nestjs/core';

/**
 * Marks a provider implementing a workflow step type. The registry of step types finds every
 * provider so marked, in any module, so adding a type needs no list to edit.
 */
export const WorkflowStepTypeProvider = DiscoveryService.createDecorator<void>();
