import {
  type CreatedWorkflowTriggerDto,
  type WorkflowTriggerDto,
  type WorkflowTriggerFireDto,
} from './dto/workflow-trigger.dto';
import {
  type WorkflowTriggerFireRow,
  type WorkflowTriggerRow,
} from './workflow-triggers.repository';

/** Where a trigger's deliveries go, relative to the server's public URL. */
export const hookPath = (triggerId: string) => `/hooks/${triggerId}`;

/** A trigger as the API shows it: never its secret. */
export function toWorkflowTriggerDto(
  row: WorkflowTriggerRow,
  url: string | null,
): WorkflowTriggerDto {
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    type: row.type,
    enabled: row.enabled,
    verification: row.verification,
    input: row.input ?? null,
    url,
    cron: row.cron,
    timezone: row.timezone,
    overlap: row.overlap,
    deliveries_per_minute: row.deliveries_per_minute,
    next_fire_at: row.next_fire_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toCreatedWorkflowTriggerDto(
  row: WorkflowTriggerRow,
  url: string | null,
  secret: string | undefined,
): CreatedWorkflowTriggerDto {
  return { ...toWorkflowTriggerDto(row, url), ...(secret !== undefined && { secret }) };
}

export function toWorkflowTriggerFireDto(row: WorkflowTriggerFireRow): WorkflowTriggerFireDto {
  return {
    id: row.id,
    fired_at: row.fired_at,
    outcome: row.outcome,
    workflow_run_id: row.workflow_run_id,
  };
}
