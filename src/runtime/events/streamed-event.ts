/** What streams need of an event: its place in its stream and whether it is stored. */
export interface StreamedEvent {
  type: string;
  eventIndex: number;
  persistenceState: 'persisted' | 'transient';
}

/** A stored event as its row keeps it: the sequence number is a column of its own. */
export function storedFormOf(event: object): Record<string, unknown> {
  return { ...event, sequenceNumber: undefined };
}

/** Whether the event is stored (numbered) or only streamed. */
export const isStored = (event: StreamedEvent) => event.persistenceState === 'persisted';
