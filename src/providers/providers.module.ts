import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { provideFeatureConfig } from '../core/config';
import { AnthropicProvider } from './anthropic/anthropic.provider';
import { OpenAIProvider } from './openai/openai.provider';
import { ProviderRegistry } from './provider-registry.service';
import { ProvidersConfig } from './providers.config';
import { ScriptedProvider } from './scripted/scripted.provider';

/**
 * The model providers agents run on, each behind the one `ModelProvider` interface. A new
 * provider is one more decorated class here; agent validation and runs find it by discovery.
 */
@Module({
  imports: [DiscoveryModule],
  providers: [
    provideFeatureConfig(ProvidersConfig),
    AnthropicProvider,
    OpenAIProvider,
    ScriptedProvider,
    ProviderRegistry,
  ],
  exports: [ProviderRegistry],
})
export class ProvidersModule {}
