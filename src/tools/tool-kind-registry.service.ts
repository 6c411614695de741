import { Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { type ToolImplementation } from '../database/schema';
import {
  type ToolImplementationRequest,
  type ToolImplementationView,
  type ToolKind,
} from './tool-kind.contract';
import { UnknownToolKindError } from './tool-kind.errors';
import { ToolKindProvider } from './tool-kind-provider.decorator';
import { publishToolKindRequests } from './tool-kind-requests';

/** Every tool kind, found by its `@ToolKindProvider` decorator in any module, by its type. */
@Injectable()
export class ToolKindRegistry implements OnModuleInit {
  private found?: ReadonlyMap<string, ToolKind>;

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    // Registration requests are checked by DTO decorators, outside Nest's injector.
    publishToolKindRequests(
      this.requestDtos(),
      [...this.kinds()].flatMap(([type, kind]) =>
        kind.registration?.suppliedParameters ? [type] : [],
      ),
    );
  }

  /** The kind of a stored tool; one no kind handles fails with UnknownToolKindError. */
  kindOf(toolName: string, type: string): ToolKind {
    const kind = this.kinds().get(type);
    if (!kind) throw new UnknownToolKindError(toolName, type, this.types());
    return kind;
  }

  /** What is stored of a registration's implementation, validated by its kind's DTO. */
  store(toolName: string, request: ToolImplementationRequest): ToolImplementation {
    const registration = this.kindOf(toolName, request.type).registration;
    if (!registration) throw new UnknownToolKindError(toolName, request.type, this.types());
    return registration.store(request);
  }

  view(toolName: string, implementation: ToolImplementation): ToolImplementationView {
    return this.kindOf(toolName, implementation.type).view(implementation);
  }

  /** The request DTO of each kind operators register through the API, by type. */
  requestDtos(): ReadonlyMap<string, Type> {
    return new Map(
      [...this.kinds()].flatMap(([type, kind]) =>
        kind.registration ? [[type, kind.registration.dto]] : [],
      ),
    );
  }

  types(): string[] {
    return [...this.kinds().keys()];
  }

  /**
   * Discovered at first use, whichever module's start needs them first: every provider exists
   * before any start hook runs.
   */
  private kinds(): ReadonlyMap<string, ToolKind> {
    this.found ??= this.discover();
    return this.found;
  }

  private discover(): ReadonlyMap<string, ToolKind> {
    const kinds = new Map<string, ToolKind>();
    const instances = this.discovery
      .getProviders({ metadataKey: ToolKindProvider.KEY })
      .map((wrapper) => wrapper.instance as ToolKind)
      .sort((a, b) => a.type.localeCompare(b.type));
    for (const kind of instances) {
      if (kinds.has(kind.type)) {
        throw new Error(`Two tool kinds own type '${kind.type}'; a type has one kind`);
      }
      kinds.set(kind.type, kind);
    }
    return kinds;
  }
}
