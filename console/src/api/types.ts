/** The shapes of the `/api/v1` answers the console reads (see docs/openapi.json). */
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

export interface CurrentKey {
  key_id: string;
  user: string;
  role: 'admin' | 'member';
}

export interface Agent {
  id: string;
  name: string;
  description: string | null;
  model_config: { provider: string; model: string };
  tool_ids: string[];
}

export interface Session {
  id: string;
  agent_id: string;
  title: string | null;
  created_at: string;
  updated_at: string;
}

export interface RunUsage {
  input_tokens: number;
  output_tokens: number;
}

export interface Run {
  id: string;
  session_id: string;
  status: string;
  stop_reason: string | null;
  usage: RunUsage | null;
  error: { code: string; message: string } | null;
  created_at: string;
  finished_at: string | null;
}

export interface Approval {
  id: string;
  run_id: string;
  session_id: string;
  tool_use_id: string;
  tool_name: string;
  args: Record<string, unknown>;
  description: string;
  status: 'pending' | 'approved' | 'rejected' | 'expired' | 'cancelled';
  reason: string | null;
  expires_at: string;
  created_at: string;
}

export interface ArtifactVersion {
  kind: string;
  version: number;
  mime_type: string;
  size_bytes: number;
  metadata: Record<string, unknown>;
  created_at: string;
  content_url: string;
}

export interface Artifact {
  id: string;
  session_id: string;
  name: string;
  latest: ArtifactVersion;
  versions?: ArtifactVersion[];
}

export interface ToolDescriptor {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  description?: string;
  default?: unknown;
  items?: JsonSchema;
}

/** One event of a run, as streamed; the fields beyond the common ones depend on `type`. */
export interface RunEvent {
  type: string;
  runId: string;
  sessionId: string;
  eventIndex: number;
  timestamp: string;
  [field: string]: unknown;
}

export interface Workflow {
  id: string;
  name: string;
  description: string | null;
  steps: { type: 'agent' | 'tool'; id: string; key?: string }[];
  input_schema: JsonSchema | null;
}

export interface WorkflowRunStep {
  index: number;
  key: string | null;
  type: string;
  ref_id: string;
  status: string;
  run_id?: string;
  output?: unknown;
  error?: { code: string; message: string };
}

export interface WorkflowRun {
  id: string;
  workflow_id: string;
  status: string;
  input: unknown;
  output: unknown;
  steps: WorkflowRunStep[];
  error: { code: string; message: string } | null;
  created_at: string;
  finished_at: string | null;
}

/**
 * One event of a workflow run's stream: its own (`step_started`, …) or one of an agent step's
 * run relayed with `stepIndex` and `runId`; `eventIndex` is the workflow stream's either way.
 */
export interface WorkflowRunEvent {
  type: string;
  workflowRunId: string;
  eventIndex: number;
  timestamp: string;
  stepIndex?: number;
  runId?: string;
  [field: string]: unknown;
}

/** A tool source as `/api/v1/tool-sources` shows it (its type's own fields left out here). */
export interface ToolSource {
  id: string;
  name: string;
  description: string;
  type: string;
  status: 'syncing' | 'ready' | 'error';
  last_synced_at: string | null;
  last_error: string | null;
  tool_count: number;
  pending_changes: number;
}

/** An upstream tool's description, schemas and annotations, as a change compares them. */
export interface UpstreamToolState {
  description: string;
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown> | null;
  annotations: Record<string, unknown> | null;
}

/** What a sync found changed upstream; `before` is null for an added tool, `after` for a removed one. */
export interface ToolSourceChange {
  id: string;
  source_id: string;
  upstream_name: string;
  change: 'added' | 'changed' | 'removed';
  status: 'pending' | 'approved' | 'rejected';
  before: UpstreamToolState | null;
  after: UpstreamToolState | null;
  created_at: string;
}

export interface AuditEntry {
  id: string;
  seq: number;
  at: string;
  type: string;
  user: string;
  key_id?: string;
  oauth_client_id?: string;
  transport?: string;
  target?: string;
  outcome: 'ok' | 'error' | 'denied';
  error_code?: string;
  duration_ms?: number;
  details: Record<string, unknown>;
}

export interface AuditPage {
  items: AuditEntry[];
  next_cursor: string | null;
}

export interface AuditVerification {
  ok: boolean;
  checked: number;
  first_bad_seq?: number;
}

export interface UsageItem {
  group: string | null;
  period_start: string;
  runs: number;
  tool_calls: number;
  input_tokens: number;
  output_tokens: number;
  cost?: number;
}

export type BudgetDimension = 'tool_calls' | 'runs' | 'tokens';

/** A limit on one user's, API key's or agent's use per window, with the current window's use. */
export interface Budget {
  id: string;
  scope: { user?: string; key_id?: string; agent_id?: string };
  period: 'minute' | 'hour' | 'day' | 'month';
  limits: Partial<Record<BudgetDimension, number>>;
  used: Partial<Record<BudgetDimension, number>>;
  window_start: string;
  resets_at: string;
}

/** An application connected with OAuth, acting as `user` within `scopes`. */
export interface OAuthGrant {
  id: string;
  client_id: string;
  client_name: string | null;
  user: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}
