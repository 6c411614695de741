import { type ToolAnnotations } from '../../tools/tool.contract';
import {
  type ImportedToolState,
  type ToolSourceApprovalMode,
  type UpstreamToolState,
} from '../../database/schema';
import { type ToolRow } from '../tools/registered-tool-factory';
import { type ToolValues } from '../tools/registered-tools.repository';
import { type UpstreamTool } from './tool-source-type.contract';
import { type ToolSourceRow } from './tool-sources.repository';

/** What a change compares of an upstream's tool. */
export function upstreamStateOf(tool: UpstreamTool): UpstreamToolState {
  return {
    description: tool.description,
    input_schema: tool.inputSchema,
    output_schema: tool.outputSchema ?? null,
    annotations: (tool.annotations as Record<string, unknown> | undefined) ?? null,
  };
}

/** The upstream's description, schemas and annotations an imported tool serves now. */
export function approvedStateOf(row: ToolRow): UpstreamToolState {
  return {
    description: row.upstream_description ?? row.description,
    input_schema: row.parameters,
    output_schema: row.output_schema,
    annotations: row.annotations,
  };
}

/**
 * Whether calls wait for approval by the source's rule: with `annotations`, a tool the upstream
 * marks read-only and not destructive runs at once, every other waits.
 */
export function approvalByRule(
  mode: ToolSourceApprovalMode,
  annotations: ToolAnnotations | null,
): boolean {
  if (mode !== 'annotations') return mode === 'always';
  return !(annotations?.readOnlyHint === true && annotations.destructiveHint !== true);
}

/**
 * The fields of an imported tool that serve `state` while it stands as `standing`, leaving
 * what an admin set (`overrides`) as it is; `current` is absent for a new tool.
 */
export function importedToolFields(
  source: ToolSourceRow,
  state: UpstreamToolState,
  standing: ImportedToolState,
  current?: ToolRow,
) {
  const overrides = current?.overrides ?? [];
  return {
    upstream_description: state.description,
    parameters: state.input_schema,
    output_schema: state.output_schema,
    annotations: state.annotations,
    source_state: standing,
    unavailable_reason: reasonOf(standing),
    ...(!overrides.includes('description') && { description: state.description }),
    ...governedFields(source, { overrides, annotations: state.annotations }),
    // A tool gone upstream cannot run, whatever an admin set.
    ...(standing === 'removed'
      ? { is_active: false }
      : !overrides.includes('is_active') && { is_active: standing === 'listed' }),
  };
}

/** The fields the source's own rules set on an imported tool, unless an admin set them on it. */
export function governedFields(
  source: ToolSourceRow,
  tool: Pick<ToolRow, 'overrides' | 'annotations'>,
): Partial<ToolValues> {
  return {
    ...(!tool.overrides.includes('public') && { public: source.public }),
    ...(!tool.overrides.includes('requires_approval') && {
      requires_approval: approvalByRule(source.requires_approval, tool.annotations),
    }),
  };
}

/** Why an imported tool is not served, by its standing; null when it is. */
export function reasonOf(standing: ImportedToolState): string | null {
  switch (standing) {
    case 'listed':
      return null;
    case 'awaiting_review':
      return 'added by its source’s upstream; it awaits an admin’s review of the change';
    case 'rejected':
      return 'added by its source’s upstream; an admin rejected the change';
    case 'removed':
      return 'its source’s upstream no longer lists it (or the source’s filters leave it out)';
  }
}
