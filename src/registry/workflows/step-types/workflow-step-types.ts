import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { publishStepTypes } from './published-step-types';
import { type StepDefinitionType } from './step-type.contract';
import { WorkflowStepTypeProvider } from './step-type-provider.decorator';

/** Every workflow step type, found by its `@WorkflowStepTypeProvider` decorator in any module. */
@Injectable()
export class WorkflowStepTypes implements OnModuleInit {
  private found?: ReadonlyMap<string, StepDefinitionType>;

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    // Workflow bodies are checked by DTO decorators, outside Nest's injector.
    publishStepTypes(this.types());
  }

  /** Discovered at first use: every provider exists before any start hook runs. */
  types(): ReadonlyMap<string, StepDefinitionType> {
    this.found ??= discoverStepTypes<StepDefinitionType>(this.discovery);
    return this.found;
  }
}

/** The providers marked `@WorkflowStepTypeProvider`, by the type each implements. */
export function discoverStepTypes<T extends { type: string }>(
  discovery: DiscoveryService,
): ReadonlyMap<string, T> {
  const types = new Map<string, T>();
  for (const wrapper of discovery.getProviders({ metadataKey: WorkflowStepTypeProvider.KEY })) {
    const instance = wrapper.instance as T | undefined;
    if (!instance) continue;
    if (types.has(instance.type)) throw new Error(`Two step types are named ${instance.type}`);
    types.set(instance.type, instance);
  }
  return types;
}
