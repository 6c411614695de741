import { Injectable } from '@nestjs/common';
import { type SQL, and, asc, eq, gt, sql } from 'drizzle-orm';
import { preparedQuery } from '../../database/prepared-queries';
import { workflowRunEvents, workflowRuns } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { storedFormOf } from '../events/streamed-event';
import { type StepUpdate, changedStepsQuery, stepChangesValue } from './step-changes';
import { type WorkflowRunEvent } from './workflow-run-event.types';

/**
 * A change of a workflow run's row (`set`: assignments), made only where `where` holds, as part of
 * a prepared statement: `values` gives its placeholders' values, and `name` tells it from other
 * changes (a prepared statement's shape goes with its name).
 */
export interface RowChange {
  name: string;
  set: SQL;
  where: SQL;
  values: Record<string, unknown>;
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
   * stored, if it does not (e.g. an end that finds the run ended). `steps` change either way.
   */
  async appendChanging(
    events: readonly WorkflowRunEvent[],
    rowChange: RowChange,
    steps: readonly StepUpdate[] = [],
  ): Promise<WorkflowRunEvent[] | undefined> {
    return this.insert(events, steps, rowChange);
  }

  /** Stores events of one workflow run, numbered in their order, with changes of its steps. */
  async appendAll(
    events: readonly WorkflowRunEvent[],
    steps: readonly StepUpdate[],
  ): Promise<WorkflowRunEvent[]> {
    const stored = await this.insert(events, steps);
    if (!stored) throw new Error(`Workflow run ${events[0].workflowRunId} does not exist`);
    return stored;
  }

  /**
   * The one statement that stores events: it numbers them by moving the workflow run's counter
   * (with `rowChange` made to that row too, where its condition holds) and changes `steps`
   * beside (PostgreSQL runs every data-modifying `WITH` once, whether or not its rows are read).
   * Prepared: the events and the changes are parameters, so its shape never varies. Undefined,
   * and nothing stored, when no row of the run was moved.
   */
  private async insert(
    events: readonly WorkflowRunEvent[],
    steps: readonly StepUpdate[],
    rowChange?: RowChange,
  ): Promise<WorkflowRunEvent[] | undefined> {
    const db = this.transactions.db;
    const name = `append_workflow_run_events${rowChange ? `_${rowChange.name}` : ''}`;
    const numbered = await preparedQuery(db, name, () => {
      const workflowRunId = sql`${sql.placeholder('workflow_run_id')}::uuid`;
      const count = sql`${sql.placeholder('count')}::int`;
      const next = db.$with('next', { last: workflowRuns.last_sequence_number }).as(sql`
        UPDATE ${workflowRuns}
        SET last_sequence_number = last_sequence_number + ${count}${rowChange ? sql`, ${rowChange.set}` : sql``}
        WHERE id = ${workflowRunId}${rowChange ? sql` AND ${rowChange.where}` : sql``}
        RETURNING last_sequence_number AS last`);
      const stored = db.$with('stored_events', {
        sequenceNumber: workflowRunEvents.sequence_number,
        eventIndex: workflowRunEvents.event_index,
      }).as(sql`
        INSERT INTO ${workflowRunEvents} (workflow_run_id, sequence_number, event_index, type, event)
        SELECT ${workflowRunId}, next.last - ${count} + 1 + added.position, added.event_index,
          added.type, added.event
        FROM next, ${addedEvents()}
        RETURNING sequence_number, event_index`);
      return db.with(next, changedStepsQuery(db), stored).select().from(stored);
    }).execute({
      workflow_run_id: events[0].workflowRunId,
      count: events.length,
      events: addedEventsValue(events),
      step_changes: stepChangesValue(steps),
      ...rowChange?.values,
    });
    if (numbered.length === 0) return undefined;
    const numbers = new Map(numbered.map((row) => [row.eventIndex, row.sequenceNumber]));
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

/**
 * The events the placeholder `events` lists (see `addedEventsValue`) as the rows of `added`:
 * `position` (from 0, in their order), `event_index`, `type` and `event` (the stored form).
 */
export function addedEvents(): SQL {
  return sql`jsonb_to_recordset(${sql.placeholder('events')}::jsonb)
    AS added (position int, event_index int, type text, event jsonb)`;
}

/** The value of `addedEvents`' placeholder: the events as JSON text, in their order. */
export function addedEventsValue(events: readonly WorkflowRunEvent[]): string {
  return JSON.stringify(
    events.map((event, position) => ({
      position,
      event_index: event.eventIndex,
      type: event.type,
      event: storedFormOf(event),
    })),
  );
}
