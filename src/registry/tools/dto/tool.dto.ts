import { type ReferenceDto } from '../../common/reference.dto';
import { type ToolImplementationViewDto } from './tool-implementation.dto';

export class ToolDto {
  /** @example "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10" */
  id!: string;
  /** @example "price_fetcher" */
  name!: string;
  /** @example "Fetches the latest price of a stock" */
  description!: string;
  /** @example {"type": "object", "properties": {"symbol": {"type": "string"}}, "required": ["symbol"]} */
  parameters!: Record<string, unknown>;
  /** Null for a tool that is only described. */
  implementation!: ToolImplementationViewDto | null;
  /** @example true */
  is_active!: boolean;
  /** An agent's call waits for its user's approval (unless the agent says otherwise). @example true */
  requires_approval!: boolean;
  /** Served to callers without an API key too; otherwise to key holders only. @example false */
  public!: boolean;
  /** The tool source that imported the tool; null for a tool registered on its own. */
  source!: ToolSourceReferenceDto | null;
  /** @example "2026-11-22T10:00:00.000Z" */
  created_at!: Date;
  /** @example "2026-11-22T10:00:00.000Z" */
  updated_at!: Date;
  /**
   * Present only when the tool is not served as it is, saying why: its stored `parameters`
   * no longer pass the checks a registration passes (written by an older version, or over a
   * `TOOL_SCHEMA_MAX_*` limit lowered since), or its builtin code is gone (fix the tool, PUT, to
   * serve it again); or, for an imported tool, it awaits review, is no longer listed by its
   * upstream, or its source cannot reach the upstream.
   * @example "its parameters are refused: parameters count of properties is 900, more than the 500 allowed (TOOL_SCHEMA_MAX_PROPERTIES)"
   */
  unavailable_reason?: string;
}

export class ToolSourceReferenceDto {
  /** @example "9a4e1f2b-6c3d-4e5f-8a7b-1c2d3e4f5a6b" */
  id!: string;
  /** @example "github" */
  name!: string;
  /** The upstream's own name of the tool. @example "create_issue" */
  upstream_name!: string;
}

export class ToolDetailDto extends ToolDto {
  /** Agents whose `tool_ids` include this tool. */
  used_by_agents!: ReferenceDto[];
  /** Workflows with a step that runs this tool. */
  used_in_workflows!: ReferenceDto[];
}

export class ToolPageDto {
  items!: ToolDto[];
  /** Tools matching the filters, across all pages. @example 42 */
  total!: number;
  /** @example 20 */
  limit!: number;
  /** @example 0 */
  offset!: number;
}
