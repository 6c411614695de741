import { Injectable } from '@nestjs/common';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { preparedQuery } from '../../database/prepared-queries';
import { runEvents } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { type RunEvent } from './run-event.types';
import { numberedEventQueries, numberedEventValues } from './numbered-event';

/**
 * The durable log of persisted run events. An event's sequence number is allocated by the
 * statement that stores it (the session row is the counter, so concurrent appends to one session
 * queue on its row lock): numbers are gap-free and never seen before they are stored.
 */
@Injectable()
export class EventStore {
  constructor(private readonly transactions: Transactions) {}

  /** Stores the event with the session's next sequence number and returns it so numbered. */
  async append(event: RunEvent): Promise<RunEvent> {
    // One statement, one round trip: the counter's update and the insert commit together.
    // The number lives in its column; reads put it back into the event.
    const db = this.transactions.db;
    const [row] = await preparedQuery(db, 'append_run_event', () => {
      const sessionId = sql.placeholder('session_id');
      const { counted, stored } = numberedEventQueries(db, {
        counterOf: sessionId,
        sessionId,
        runId: sql.placeholder('run_id'),
      });
      return db.with(counted, stored).select().from(stored);
    }).execute({ session_id: event.sessionId, run_id: event.runId, ...numberedEventValues(event) });
    if (!row) throw new Error(`Session ${event.sessionId} does not exist`);
    return { ...event, sequenceNumber: Number(row.sequence_number) };
  }

  /** A session's persisted events after a sequence number, in order. */
  async listBySession(sessionId: string, afterSequence = -1, limit?: number): Promise<RunEvent[]> {
    const query = this.transactions.db
      .select(NUMBERED_EVENT)
      .from(runEvents)
      .where(and(eq(runEvents.session_id, sessionId), gt(runEvents.sequence_number, afterSequence)))
      .orderBy(asc(runEvents.sequence_number));
    return numbered(await (limit === undefined ? query : query.limit(limit)));
  }

  /** A run's persisted events after an event index, in order. */
  async listByRun(runId: string, afterIndex: number): Promise<RunEvent[]> {
    return numbered(
      await this.transactions.db
        .select(NUMBERED_EVENT)
        .from(runEvents)
        .where(and(eq(runEvents.run_id, runId), gt(runEvents.event_index, afterIndex)))
        .orderBy(asc(runEvents.event_index)),
    );
  }
}

const NUMBERED_EVENT = { event: runEvents.event, sequenceNumber: runEvents.sequence_number };

function numbered(rows: { event: Record<string, unknown>; sequenceNumber: number }[]): RunEvent[] {
  return rows.map(({ event, sequenceNumber }) => ({ ...event, sequenceNumber }) as RunEvent);
}
