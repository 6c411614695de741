import { DiscoveryService } from '@nestjs/core';

/**
 * Marks a provider class implementing `ToolKind`. The `ToolKindRegistry` finds every provider so
 * marked, in any module, so adding a kind needs no list to edit.
 */
export const ToolKindProvider = DiscoveryService.createDecorator<void>();
