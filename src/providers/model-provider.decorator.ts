import { DiscoveryService } from '@nestjs/core';

export interface ModelProviderMetadata {
  /** The name agents use in `model_config.provider`. */
  name: string;
}

/** Marks a class as a model provider; the `ProviderRegistry` finds it in any module. */
export const ModelProviderOf = DiscoveryService.createDecorator<ModelProviderMetadata>();
