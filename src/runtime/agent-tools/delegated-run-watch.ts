import { type ApprovalAsker } from '../../tools/tool.contract';
import { type RunEvent, type RunEventFields } from '../events/run-event.types';
import { type RunEventSink } from '../runs/run-event-sink';

/** What an event takes from the run it is in; relayed, it takes the caller's run's instead. */
const OWN_TO_A_RUN: ReadonlySet<string> = new Set([
  'type',
  'sessionId',
  'runId',
  'eventIndex',
  'timestamp',
  'persistenceState',
  'sequenceNumber',
]);

/** The events of a delegated run that reach the streams of the runs above it. */
type RelayedEvent = RunEvent<'approval_requested'> | RunEvent<'approval_resolved'>;

function isRelayed(event: RunEvent): event is RelayedEvent {
  return event.type === 'approval_requested' || event.type === 'approval_resolved';
}

/**
 * Watches a delegated run's events while its caller waits: the approvals it (or a run below it)
 * asks for are relayed into the caller's run stream, if a run made the call, put to the
 * caller's human, if the caller can ask one, and the call's time limit stands still while any
 * of them waits for its human.
 */
export class DelegatedRunWatch {
  private readonly waiting = new Map<string, () => void>();
  private closed = false;

  constructor(
    private readonly runId: string,
    private readonly options: {
      pauseTimeLimit: () => () => void;
      /** The longest one approval may stop the clock. */
      longestPauseMs: number;
      /** The stream of the run that made the call, when one did. */
      callerStream: RunEventSink | undefined;
      /** Asks the caller's own human, when the caller can. */
      askApproval?: ApprovalAsker;
    },
  ) {}

  deliver(event: RunEvent): void {
    if (this.closed || !isRelayed(event)) return;
    if (event.type === 'approval_requested' && !this.waiting.has(event.approvalId)) {
      this.waiting.set(event.approvalId, this.pause());
      const { approvalId: id, toolName, args } = event;
      this.options.askApproval?.({ id, toolName, arguments: args });
    }
    if (event.type === 'approval_resolved') {
      this.waiting.get(event.approvalId)?.();
      this.waiting.delete(event.approvalId);
    }
    void this.relay(event);
  }

  /** Nothing waits any more: the clock goes on, and nothing more reaches the caller's stream. */
  close(): void {
    this.closed = true;
    this.waiting.forEach((resume) => resume());
    this.waiting.clear();
  }

  /** Stops the clock until the returned function is called, or for the longest pause. */
  private pause(): () => void {
    const resume = this.options.pauseTimeLimit();
    const bound = setTimeout(resume, this.options.longestPauseMs).unref();
    return () => {
      clearTimeout(bound);
      resume();
    };
  }

  private async relay(event: RelayedEvent): Promise<void> {
    const { callerStream } = this.options;
    if (!callerStream) return;
    const fields = Object.fromEntries(
      Object.entries(event).filter(([key]) => !OWN_TO_A_RUN.has(key)),
    ) as RunEventFields[RelayedEvent['type']];
    // Relayed further up, an event keeps naming the run it happened in.
    fields.childRunId = event.childRunId ?? this.runId;
    // Streamed only: storing nothing, it can only fail once the caller's run has ended, when
    // no stream is left to show it.
    await callerStream.relay(event.type, fields).catch(() => undefined);
  }
}
