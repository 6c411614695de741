import { DiscoveryService } from '@nestjs/core';

/**
 * Marks a provider class implementing `ToolSourceType`. The source types are found by this
 * decorator in any module, as tool kinds are, so adding a type needs no list to edit.
 */
export const ToolSourceTypeProvider = DiscoveryService.createDecorator<void>();
