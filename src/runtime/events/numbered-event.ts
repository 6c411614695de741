import { type SQLWrapper, sql } from 'drizzle-orm';
import { type Database } from '../../database/database';
import { runEvents, sessions } from '../../database/schema';
import { type RunEvent } from './run-event.types';
import { storedFormOf } from './streamed-event';

/**
 * The `WITH` queries that store a run event with its session's next sequence number: `counted`
 * moves the counter of the session `counterOf` names, and `stored_event` inserts the event with
 * it (no row when the session is gone). Its values are the placeholders `event_index`, `type`
 * and `event` (the stored form, as JSON text). The number is taken in the statement that stores
 * the event, so numbers are gap-free and never seen before they are stored; appends to one
 * session queue on its row.
 */
export function numberedEventQueries(
  db: Database,
  ids: { counterOf: SQLWrapper; sessionId: SQLWrapper; runId: SQLWrapper },
) {
  const counted = db.$with('counted', { last: sessions.last_sequence_number }).as(sql`
    UPDATE ${sessions}
    SET last_sequence_number = last_sequence_number + 1, updated_at = now()
    WHERE id = ${ids.counterOf}
    RETURNING last_sequence_number AS last`);
  const stored = db.$with('stored_event', { sequence_number: runEvents.sequence_number }).as(sql`
    INSERT INTO ${runEvents} (session_id, sequence_number, run_id, event_index, type, event)
    SELECT ${ids.sessionId}, counted.last, ${ids.runId}, ${sql.placeholder('event_index')},
      ${sql.placeholder('type')}, ${sql.placeholder('event')}::jsonb
    FROM counted
    RETURNING sequence_number`);
  return { counted, stored };
}

/** The placeholder values of `numberedEventQueries` for an event. */
export function numberedEventValues(event: RunEvent): Record<string, unknown> {
  return {
    event_index: event.eventIndex,
    type: event.type,
    event: JSON.stringify(storedFormOf(event)),
  };
}
