import { DiscoveryService } from '@nestjs/core';
import { type ToolDefinition } from './tool.contract';

/**
 * Marks a provider class as a tool. The `BuiltinToolRegistry` finds every provider so marked, in
 * any module, so adding a tool needs no list to edit.
 */
export const ToolProvider = DiscoveryService.createDecorator<ToolDefinition>();
