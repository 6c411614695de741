import { type ToolDto } from './dto/tool.dto';
import { type ToolImplementationViewDto } from './dto/tool-implementation.dto';
import { type ToolRow } from './registered-tool-factory';

/**
 * A stored tool as the API shows it: its implementation as its kind shows it (never a secret
 * value), the source that imported it, and why it is not served if something keeps it from it.
 */
export function toToolDto(
  row: ToolRow,
  implementation: ToolImplementationViewDto | null,
  sourceName: (id: string) => string,
  unavailableReason?: string,
): ToolDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    parameters: row.parameters,
    implementation,
    is_active: row.is_active,
    requires_approval: row.requires_approval,
    public: row.public,
    source:
      row.source_id === null
        ? null
        : {
            id: row.source_id,
            name: sourceName(row.source_id),
            upstream_name: row.upstream_name ?? '',
          },
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(unavailableReason === undefined ? {} : { unavailable_reason: unavailableReason }),
  };
}
