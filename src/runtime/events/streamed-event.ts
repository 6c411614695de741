/** What streams need of an event: its place in its stream and whether it is stored. */
export interface StreamedEvent {
  type: string;
  eventIndex: number;
  persistenceState: 'persisted' | 'transient';
}

/** Whether the event is stored (numbered) or only streamed. */
export const isStored = (event: StreamedEvent) => event.persistenceState === 'persisted';
