import { type ProgressReporter } from '../../tools/tool.contract';
import { type RunEvent } from '../events/run-event.types';

/**
 * Tells a caller that asked to hear progress what the run it waits for does now, from the run's
 * events: each model turn, each tool call, each approval asked for and decided. Streamed chunks
 * are left out: they would flood a client with notifications that say nothing new.
 */
export class RunProgress {
  private turn = 0;
  /** The tool calls of the current turn that have no result yet. */
  private readonly unanswered = new Set<string>();

  constructor(private readonly report: ProgressReporter) {}

  deliver(event: RunEvent): void {
    const message = this.messageOf(event);
    if (message !== undefined) this.report(message);
  }

  private messageOf(event: RunEvent): string | undefined {
    switch (event.type) {
      case 'user_message_sent':
        return this.nextTurn();
      case 'tool_use':
        this.unanswered.add(event.toolUseId);
        return `calling ${event.toolName}`;
      case 'approval_requested':
        return `waiting for approval of ${event.toolName}`;
      case 'approval_resolved':
        return event.approved ? 'approved' : 'rejected';
      case 'tool_result':
        this.unanswered.delete(event.toolUseId);
        // The model takes its next turn once every call of this one has its result.
        return this.unanswered.size === 0 ? this.nextTurn() : undefined;
      // Streamed text and the run's end say nothing a waiting caller needs: the result follows.
      case 'thinking_chunk':
      case 'thinking_complete':
      case 'thinking':
      case 'message_chunk':
      case 'message':
      case 'error':
      case 'complete':
        return undefined;
    }
  }

  private nextTurn(): string {
    this.turn += 1;
    return `model turn ${this.turn}`;
  }
}
