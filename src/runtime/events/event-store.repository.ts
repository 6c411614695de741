import { Injectable } from '@nestjs/common';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { runEvents, sessions } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { type RunEvent } from './run-event.types';

/**
 * The durable log of persisted run events. Each event's sequence number is allocated in the
 * transaction that stores it (the session row is the counter, so concurrent appends to one
 * session queue on its row lock), so numbers are gap-free and never seen before they are stored.
 */
@Injectable()
export class EventStore {
  constructor(private readonly transactions: Transactions) {}

  /** Stores the event with the session's next sequence number and returns it so numbered. */
  append(event: RunEvent): Promise<RunEvent> {
    return this.transactions.run(async () => {
      const db = this.transactions.db;
      const [session] = await db
        .update(sessions)
        .set({
          last_sequence_number: sql`${sessions.last_sequence_number} + 1`,
          updated_at: new Date(),
        })
        .where(eq(sessions.id, event.sessionId))
        .returning({ sequenceNumber: sessions.last_sequence_number });
      const numbered = { ...event, sequenceNumber: session.sequenceNumber };
      await db.insert(runEvents).values({
        session_id: event.sessionId,
        sequence_number: session.sequenceNumber,
        run_id: event.runId,
        event_index: event.eventIndex,
        type: event.type,
        event: numbered,
      });
      return numbered;
    });
  }

  /** A session's persisted events after a sequence number, in order. */
  async listBySession(sessionId: string, afterSequence = -1, limit?: number): Promise<RunEvent[]> {
    const query = this.transactions.db
      .select({ event: runEvents.event })
      .from(runEvents)
      .where(and(eq(runEvents.session_id, sessionId), gt(runEvents.sequence_number, afterSequence)))
      .orderBy(asc(runEvents.sequence_number));
    const rows = await (limit === undefined ? query : query.limit(limit));
    return rows.map((row) => row.event as unknown as RunEvent);
  }

  /** A run's persisted events after an event index, in order. */
  async listByRun(runId: string, afterIndex: number): Promise<RunEvent[]> {
    const rows = await this.transactions.db
      .select({ event: runEvents.event })
      .from(runEvents)
      .where(and(eq(runEvents.run_id, runId), gt(runEvents.event_index, afterIndex)))
      .orderBy(asc(runEvents.event_index));
    return rows.map((row) => row.event as unknown as RunEvent);
  }
}
