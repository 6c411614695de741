import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { type ModelProvider } from './model-provider.contract';
import { ModelProviderOf } from './model-provider.decorator';

/** The model providers of this server, found by their `@ModelProviderOf` decorator. */
@Injectable()
export class ProviderRegistry implements OnModuleInit {
  private readonly providers = new Map<string, ModelProvider>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders({ metadataKey: ModelProviderOf.KEY })) {
      const { name } = this.discovery.getMetadataByDecorator(ModelProviderOf, wrapper)!;
      if (this.providers.has(name)) {
        throw new Error(`Two model providers are named '${name}'; provider names must be unique`);
      }
      this.providers.set(name, wrapper.instance as ModelProvider);
    }
  }

  /** The names agents may use in `model_config.provider`, sorted. */
  names(): string[] {
    return [...this.providers.keys()].sort();
  }

  find(name: string): ModelProvider | undefined {
    return this.providers.get(name);
  }
}
