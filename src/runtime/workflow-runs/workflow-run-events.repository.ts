import { Injectable } from '@nestjs/common';
import { type SQL, and, asc, eq, gt, sql } from 'drizzle-orm';
import { rawRows } from '../../database/raw-rows';
import { workflowRunEvents, workflowRuns } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { storedFormOf } from '../events/streamed-event';
import { type WorkflowRunEvent } from './workflow-run-event.types';

/** A change of a workflow run's row (`set`: assignments), made only where `where` holds. */
export interface RowChange {
  set: SQL;
  where: SQL;
}

/**
 * The durable log of a workflow run's stored events. As for runs, the sequence number is
 * allocated by the statement that stores the event (the workflow run's row is the counter).
 */
@Injectable()
export class WorkflowRunEventStore {
  constructor(private readonly transactions: Transactions) {}

  /** Stores the event with the workflow run's next sequence number and returns it so numbered. */
  async append(event: WorkflowRunEvent): Promise<WorkflowRunEvent> {
    const [stored] = await this.appendAll([event], []);
    return stored;
  }

  /**
   * Stores the events as `appendAll` does, with `rowChange` made to the workflow run's row by the
   * statement that numbers them, if the row meets the change's condition; undefined, and no event
   * stored, if it does not (e.g. an end that finds the run ended). `changes` are made either way.
   */
  async appendChanging(
    events: readonly WorkflowRunEvent[],
    rowChange: RowChange,
    changes: readonly SQL[] = [],
  ): Promise<WorkflowRunEvent[] | undefined> {
    return this.insert(events, changes, rowChange);
  }

  /**
   * Stores events of one workflow run, numbered in their order, each with its change (a
   * data-modifying statement not run yet), all by one statement: PostgreSQL runs every
   * data-modifying `WITH` once, whether or not its rows are read.
   */
  async appendAll(
    events: readonly WorkflowRunEvent[],
    changes: readonly SQL[],
  ): Promise<WorkflowRunEvent[]> {
    const stored = await this.insert(events, changes);
    if (!stored) throw new Error(`Workflow run ${events[0].workflowRunId} does not exist`);
    return stored;
  }

  /**
   * The one statement that stores events: it numbers them by moving the workflow run's counter
   * (with `rowChange` made to that row too, where its condition holds) and runs `changes`
   * beside. Undefined, and nothing stored, when no row of the run was moved.
   */
  private async insert(
    events: readonly WorkflowRunEvent[],
    changes: readonly SQL[],
    rowChange?: RowChange,
  ): Promise<WorkflowRunEvent[] | undefined> {
    const workflowRunId = events[0].workflowRunId;
    const rows = events.map(
      (event, position) =>
        sql`(${position}::int, ${event.eventIndex}::int, ${event.type}::text, ${JSON.stringify(storedFormOf(event))}::jsonb)`,
    );
    const alongside = changes.map(
      (change, position) => sql`, ${sql.raw(`change_${position}`)} AS (${change})`,
    );
    const numbered = await rawRows<{ sequence_number: number | string; event_index: number }>(
      this.transactions.db,
      sql`
      WITH next AS (
        UPDATE ${workflowRuns}
        SET last_sequence_number = last_sequence_number + ${events.length}${rowChange ? sql`, ${rowChange.set}` : sql``}
        WHERE id = ${workflowRunId}${rowChange ? sql` AND ${rowChange.where}` : sql``}
        RETURNING last_sequence_number
      )${sql.join(alongside)}
      INSERT INTO ${workflowRunEvents} (workflow_run_id, sequence_number, event_index, type, event)
      SELECT ${workflowRunId}, next.last_sequence_number - ${events.length - 1} + added.position,
        added.event_index, added.type, added.event
      FROM next, (VALUES ${sql.join(rows, sql`, `)}) AS added (position, event_index, type, event)
      RETURNING sequence_number, event_index`,
    );
    if (numbered.length === 0) return undefined;
    const numbers = new Map(numbered.map((row) => [row.event_index, Number(row.sequence_number)]));
    return events.map((event) => ({ ...event, sequenceNumber: numbers.get(event.eventIndex) }));
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
