import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { placeholdersFor, preparedQuery } from '../../database/prepared-queries';
import { runEvents, runs, sessions } from '../../database/schema';
import { numberedEventQueries, numberedEventValues } from '../events/numbered-event';
import { Transactions } from '../../database/transactions';
import { type RunEvent } from '../events/run-event.types';
import { type SessionRow } from '../sessions/sessions.repository';
import { type NewRun, type RunRow, runValues } from './runs.repository';

/** A run to start, with its id made beforehand (its first event names it). */
export type StartingRun = NewRun & { id: string };

/**
 * A run's start, stored by one statement: the running run and its first event, with the session
 * when the run makes it. Being one statement, it commits or fails whole, in one round trip
 * instead of `BEGIN`, three statements and `COMMIT`.
 */
@Injectable()
export class RunStarts {
  constructor(private readonly transactions: Transactions) {}

  /**
   * The run in its existing session, and `first` numbered by the session's counter. The run is
   * inserted first (the counter's update reads the inserted row): two starts racing for one
   * session queue on the unique index of its active run, never on its row in the other order.
   * A deleted session refuses the run (its foreign key); undefined if the counter did not move.
   */
  async insert(
    run: StartingRun,
    first: RunEvent,
  ): Promise<{ row: RunRow; sequenceNumber: number } | undefined> {
    const db = this.transactions.db;
    const values = placeholderValuesOf(run);
    // Prepared: the statement is the same for every start in a session that exists.
    const [started] = await preparedQuery(db, 'start_run', () => {
      const inserted = db.$with('inserted_run').as(
        db
          .insert(runs)
          .values({ ...placeholdersFor<typeof runs>(values), heartbeat_at: sql`now()` })
          .returning(),
      );
      const { counted, stored } = numberedEventQueries(db, {
        counterOf: sql`(SELECT session_id FROM inserted_run)`,
        sessionId: sql.placeholder('session_id'),
        runId: sql.placeholder('id'),
      });
      return db.with(inserted, counted, stored).select().from(inserted).crossJoin(stored);
    }).execute({ ...values, ...numberedEventValues(first) });
    if (!started) return undefined;
    return {
      row: started.inserted_run,
      sequenceNumber: Number(started.stored_event.sequence_number),
    };
  }

  /**
   * The session, the run in it and `first`, the session's first event (numbered 0). Prepared
   * too: the run's columns as in `insert`; the session's id and owner are the run's placeholders,
   * its agent, title and time placeholders of their own.
   */
  async insertWithSession(session: SessionRow, run: StartingRun, first: RunEvent): Promise<RunRow> {
    const db = this.transactions.db;
    const values = placeholderValuesOf(run);
    const [row] = await preparedQuery(db, 'start_run_with_session', () => {
      const sessionStored = db.$with('inserted_session').as(
        db.insert(sessions).values({
          id: sql.placeholder('session_id'),
          owner: sql.placeholder('owner'),
          agent_id: sql.placeholder('agent_id'),
          title: sql.placeholder('title'),
          last_sequence_number: 0,
          created_at: sql.placeholder('created_at'),
          updated_at: sql.placeholder('created_at'),
        }),
      );
      const inserted = db.$with('inserted_run').as(
        db
          .insert(runs)
          .values({ ...placeholdersFor<typeof runs>(values), heartbeat_at: sql`now()` })
          .returning(),
      );
      const stored = db.$with('stored_event', {}).as(sql`
        INSERT INTO ${runEvents} (session_id, sequence_number, run_id, event_index, type, event)
        VALUES (${sql.placeholder('session_id')}::uuid, 0, ${sql.placeholder('id')}::uuid,
          ${sql.placeholder('event_index')}::int, ${sql.placeholder('type')}::text,
          ${sql.placeholder('event')}::jsonb)`);
      return db.with(sessionStored, inserted, stored).select().from(inserted);
    }).execute({
      ...values,
      agent_id: session.agent_id,
      title: session.title,
      created_at: session.created_at,
      ...numberedEventValues(first),
    });
    return row;
  }
}

/** A new run's columns but its heartbeat (the database's clock), null where it has none. */
function placeholderValuesOf(run: StartingRun): Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { heartbeat_at, ...columns } = runValues(run);
  return Object.fromEntries(Object.entries(columns).map(([name, value]) => [name, value ?? null]));
}
