import { Injectable } from '@nestjs/common';
import { type SQL, and, asc, eq, gt, sql } from 'drizzle-orm';
import { rawRows } from '../../database/raw-rows';
import { workflowRunEvents, workflowRuns } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { type WorkflowRunEvent } from './workflow-run-event.types';

/** A change of a workflow run's row (`set`: assignments), made only where `where` holds. */
export interface RowChange {
  set: SQL;
  where: SQL;
}

/** An event as it is stored: its sequence number is a column of its own. */
export function storedFormOf(event: WorkflowRunEvent): Record<string, unknown> {
  return { ...event, sequenceNumber: undefined };
}

/**
 * The durable log of a workflow run's stored events. As for runs, the sequence number is
 * allocated by the statement that stores the event (the workflow run's row is the counter).
 */
@Injectable()
export class WorkflowRunEventStore {
  constructor(private readonly transactions: Transactions) {}

  /**
   * Stores the event with the workflow run's next sequence number and returns it so numbered.
   * `alongside`, a data-modifying statement not run yet, runs in the same statement (PostgreSQL
   * runs every data-modifying `WITH` once, whether or not its rows are read).
   */
  async append(event: WorkflowRunEvent, alongside?: SQL): Promise<WorkflowRunEvent> {
    const stored = await this.insert(event, undefined, alongside);
    if (!stored) throw new Error(`Workflow run ${event.workflowRunId} does not exist`);
    return stored;
  }

  /**
   * Stores the event as `append` does, with `change` made to the workflow run's row by the
   * statement that numbers it, if the row meets the change's condition; undefined, and nothing
   * stored, if it does not (e.g. an end that finds the run ended).
   */
  appendChanging(
    event: WorkflowRunEvent,
    change: RowChange,
  ): Promise<WorkflowRunEvent | undefined> {
    return this.insert(event, change);
  }

  private async insert(
    event: WorkflowRunEvent,
    change?: RowChange,
    alongside?: SQL,
  ): Promise<WorkflowRunEvent | undefined> {
    const stored = JSON.stringify(storedFormOf(event));
    const [row] = await rawRows<{ sequence_number: number | string }>(
      this.transactions.db,
      sql`
      WITH next AS (
        UPDATE ${workflowRuns}
        SET last_sequence_number = last_sequence_number + 1${change ? sql`, ${change.set}` : sql``}
        WHERE id = ${event.workflowRunId}${change ? sql` AND ${change.where}` : sql``}
        RETURNING last_sequence_number
      )${alongside ? sql`, alongside AS (${alongside})` : sql``}
      INSERT INTO ${workflowRunEvents} (workflow_run_id, sequence_number, event_index, type, event)
      SELECT ${event.workflowRunId}, next.last_sequence_number, ${event.eventIndex},
        ${event.type}, ${stored}::jsonb
      FROM next
      RETURNING sequence_number`,
    );
    return row && { ...event, sequenceNumber: Number(row.sequence_number) };
  }

  /** The workflow run's stored events after an event index, in order. */
  async listAfter(workflowRunId: string, afterIndex: number): Promise<WorkflowRunEvent[]> {
    const rows = await this.transactions.db
      .select({ event: workflowRunEvents.event, sequenceNumber: workflowRunEvents.sequence_number })
      .from(workflowRunEvents)
      .where(
        and(
          eq(workflowRunEvents.workflow_run_id, workflowRunId),
          gt(workflowRunEvents.event_index, afterIndex),
        ),
      )
      .orderBy(asc(workflowRunEvents.event_index));
    return rows.map(
      ({ event, sequenceNumber }) => ({ ...event, sequenceNumber }) as WorkflowRunEvent,
    );
  }
}
