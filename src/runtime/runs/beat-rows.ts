import { type SQL, sql } from 'drizzle-orm';

/** A heartbeat's report of one run (or workflow run) this instance executes. */
export interface Beat {
  id: string;
  /** The `eventIndex` its stream reached. */
  nextEventIndex: number;
}

/**
 * The beats as rows `(id, next_event_index)`, for a `WITH beat AS (…)` of the statement that
 * records them: two array parameters, whatever the number of beats.
 */
export function beatRows(beats: readonly Beat[]): SQL {
  return sql`SELECT unnest(${`{${beats.map((beat) => beat.id).join(',')}}`}::uuid[]) AS id,
    unnest(${`{${beats.map((beat) => beat.nextEventIndex).join(',')}}`}::integer[])
      AS next_event_index`;
}
