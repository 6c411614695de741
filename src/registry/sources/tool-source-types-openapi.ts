import { type Type } from '@nestjs/common';
import { type OpenAPIObject } from '@nestjs/swagger';
import { type ToolSourceTypes } from './tool-source-types.service';

/** The request DTOs of the source types, each once, for the document's extra models. */
export function toolSourceRequestModels(types: ToolSourceTypes): Type[] {
  return [...new Set(types.all().map((sourceType) => sourceType.dto))];
}

/**
 * Describes a new source's body as the common fields and one source type's fields, chosen by
 * `type`: a type added in any module is documented without a DTO naming it. The document needs
 * `toolSourceRequestModels` among its extra models.
 */
export function describeToolSourceRequests(document: OpenAPIObject, types: ToolSourceTypes): void {
  const refOf = (dto: Type) => `#/components/schemas/${dto.name}`;
  const all = types.all();
  const body = document.paths['/api/v1/tool-sources']?.post?.requestBody as
    { content?: Record<string, { schema?: unknown }> } | undefined;
  const json = body?.content?.['application/json'];
  if (!json || all.length === 0) return;
  json.schema = {
    allOf: [
      json.schema,
      {
        oneOf: all.map((sourceType) => ({ $ref: refOf(sourceType.dto) })),
        discriminator: {
          propertyName: 'type',
          mapping: Object.fromEntries(
            all.map((sourceType) => [sourceType.type, refOf(sourceType.dto)]),
          ),
        },
      },
    ],
  };
}
