import { type Type } from '@nestjs/common';
import { type OpenAPIObject } from '@nestjs/swagger';
import { type ToolKindRegistry } from './tool-kind-registry.service';

/** The request DTOs of the kinds registered through the API, each once. */
export function toolKindRequestModels(kinds: ToolKindRegistry): Type[] {
  return [...new Set(kinds.requestDtos().values())];
}

/**
 * Describes each `implementation` property of the named schemas as one of the registrable
 * kinds' request schemas, chosen by its `type`: a kind added in any module is documented
 * without a DTO naming it. The schemas need `toolKindRequestModels` among the extra models.
 */
export function describeToolImplementations(
  document: OpenAPIObject,
  kinds: ToolKindRegistry,
  schemaNames: readonly string[],
): void {
  const entries = [...kinds.requestDtos()];
  const refOf = (dto: Type) => `#/components/schemas/${dto.name}`;
  const oneOf = [...new Set(entries.map(([, dto]) => refOf(dto)))].map(($ref) => ({ $ref }));
  const mapping = Object.fromEntries(entries.map(([type, dto]) => [type, refOf(dto)]));
  for (const name of schemaNames) {
    const property = document.components?.schemas?.[name] as
      { properties?: Record<string, { description?: string }> } | undefined;
    const implementation = property?.properties?.implementation;
    if (!property?.properties || !implementation) continue;
    property.properties.implementation = {
      description: implementation.description,
      oneOf,
      discriminator: { propertyName: 'type', mapping },
    } as { description?: string };
  }
}
