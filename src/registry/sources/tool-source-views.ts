import { type ToolSourceApprovalMode } from '../../database/schema';
import { type ToolSourceChangeDto } from './dto/tool-source-change.dto';
import { type ToolSourceDto } from './dto/tool-source.dto';
import { type ToolSourceChangeRow } from './tool-source-changes.repository';
import { type ToolSourceCounts, type ToolSourceRow } from './tool-sources.repository';

/** The stored approval rule as the API writes it: `"annotations"`, `true` or `false`. */
export function approvalRuleView(mode: ToolSourceApprovalMode): 'annotations' | boolean {
  return mode === 'annotations' ? mode : mode === 'always';
}

export function approvalRuleOf(rule: 'annotations' | boolean): ToolSourceApprovalMode {
  if (rule === 'annotations') return rule;
  return rule ? 'always' : 'never';
}

/** A source as the API shows it: its type's view of its settings beside the common fields. */
export function toToolSourceDto(
  row: ToolSourceRow,
  counts: ToolSourceCounts,
  typeView: Record<string, unknown>,
): ToolSourceDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    ...typeView,
    include: row.include,
    exclude: row.exclude,
    on_change: row.on_change,
    public: row.public,
    requires_approval: approvalRuleView(row.requires_approval),
    sync_interval_seconds: row.sync_interval_seconds,
    status: row.status,
    last_synced_at: row.last_synced_at,
    last_error: row.last_error,
    ...counts,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toToolSourceChangeDto(row: ToolSourceChangeRow): ToolSourceChangeDto {
  return {
    id: row.id,
    source_id: row.source_id,
    tool_id: row.tool_id,
    upstream_name: row.upstream_name,
    change: row.change,
    status: row.status,
    before: row.before,
    after: row.after,
    created_at: row.created_at,
    decided_at: row.decided_at,
    decided_by: row.decided_by,
  };
}
