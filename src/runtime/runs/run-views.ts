import { traceIdOf } from '../../core/telemetry/tracing';
import { type RunDto, type RunStartedDto } from './dto/run.dto';
import { type RunRow } from './runs.repository';

export const runPath = (runId: string) => `/api/v1/runs/${runId}`;

export function toRunDto(row: RunRow, childRunIds: string[]): RunDto {
  return {
    id: row.id,
    session_id: row.session_id,
    parent_run_id: row.parent_run_id,
    workflow_run_id: row.workflow_run_id,
    child_run_ids: childRunIds,
    ...(row.trace_parent && { trace_id: traceIdOf(row.trace_parent) }),
    status: row.status,
    stop_reason: row.stop_reason,
    usage: { input_tokens: row.input_tokens, output_tokens: row.output_tokens },
    error: row.error,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

export function toRunStartedDto(row: RunRow): RunStartedDto {
  return { run_id: row.id, status: row.status, events_url: `${runPath(row.id)}/events` };
}
