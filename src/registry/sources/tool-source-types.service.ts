import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { type ToolSourceType } from './tool-source-type.contract';
import { ToolSourceTypeProvider } from './tool-source-type-provider.decorator';
import { unknownSourceType } from './tool-source.errors';

/** Every source type, found by its `@ToolSourceTypeProvider` decorator in any module, by type. */
@Injectable()
export class ToolSourceTypes {
  private found?: ReadonlyMap<string, ToolSourceType>;

  constructor(private readonly discovery: DiscoveryService) {}

  /** The type of a request or a stored source; one no type owns is a 422 listing the types. */
  typeOf(type: unknown): ToolSourceType {
    const sourceType = typeof type === 'string' ? this.types().get(type) : undefined;
    if (!sourceType) throw unknownSourceType(this.names());
    return sourceType;
  }

  names(): string[] {
    return [...this.types().keys()];
  }

  all(): ToolSourceType[] {
    return [...this.types().values()];
  }

  /** Discovered at first use: every provider exists before any request or start hook runs. */
  private types(): ReadonlyMap<string, ToolSourceType> {
    this.found ??= this.discover();
    return this.found;
  }

  private discover(): ReadonlyMap<string, ToolSourceType> {
    const types = new Map<string, ToolSourceType>();
    const instances = this.discovery
      .getProviders({ metadataKey: ToolSourceTypeProvider.KEY })
      .map((wrapper) => wrapper.instance as ToolSourceType)
      .sort((a, b) => a.type.localeCompare(b.type));
    for (const sourceType of instances) {
      if (types.has(sourceType.type)) {
        throw new Error(`Two source types own type '${sourceType.type}'; a type has one class`);
      }
      types.set(sourceType.type, sourceType);
    }
    return types;
  }
}
