import {
  type ModelToolResponse,
  type SavedArtifact,
} from '../../artifacts/processing/tool-response';
import { type TokenUsage } from '../../providers/model-provider.contract';

/** The fields of each event type beyond the common ones; clients read these exact names. */
export interface RunEventFields {
  user_message_sent: {
    content: string;
    /** The files attached to the message (present only when there are some). */
    attachments?: { id: string; name: string; mime_type: string }[];
  };
  thinking_chunk: { content: string; blockIndex: number };
  thinking_complete: { content: string; blockIndex: number };
  message_chunk: { content: string; blockIndex: number };
  thinking: { content: string; messageId: string; signature?: string };
  message: { content: string; messageId: string; stopReason: string; usage: TokenUsage };
  tool_use: { toolUseId: string; toolName: string; args: Record<string, unknown> };
  tool_result: {
    toolUseId: string;
    toolName: string;
    success: boolean;
    /**
     * The tool's result; null when it failed, was cut for the model, or holds binary data
     * (its `artifacts` hold it whole).
     */
    result: unknown;
    error?: string;
    code?: string;
    /** The artifacts the result was saved as. */
    artifacts?: SavedArtifact[];
    /** What became of the result, when more than "returned to the model in full". */
    processing?: Omit<ModelToolResponse, 'content' | 'artifacts'>;
    /** What the model was given, when it differs from the result (truncated, with notes). */
    modelContent?: string;
  };
  approval_requested: {
    approvalId: string;
    toolUseId: string;
    toolName: string;
    args: Record<string, unknown>;
    /** What will run if it is approved, in words. */
    description: string;
    /** Relayed from a run this one delegated to (directly or further down): that run. */
    childRunId?: string;
  };
  approval_resolved: {
    approvalId: string;
    toolUseId: string;
    approved: boolean;
    reason: string | null;
    /** Relayed from a run this one delegated to (directly or further down): that run. */
    childRunId?: string;
  };
  error: { error: string; code: string };
  complete: { reason: 'success' | 'cancelled' };
}

export type RunEventType = keyof RunEventFields;

/** Which events are stored (with a sequence number) and which are only streamed. */
export const PERSISTED_EVENT_TYPES: Readonly<Record<RunEventType, boolean>> = {
  user_message_sent: true,
  thinking_chunk: false,
  thinking_complete: false,
  message_chunk: false,
  thinking: true,
  message: true,
  tool_use: true,
  tool_result: true,
  approval_requested: true,
  approval_resolved: true,
  error: true,
  complete: false,
};

interface RunEventBase<T extends RunEventType> {
  type: T;
  sessionId: string;
  runId: string;
  /** Every event of a run, from 0, gap-free: the SSE `id`. */
  eventIndex: number;
  timestamp: string;
  persistenceState: 'persisted' | 'transient';
  /** Persisted events only: consecutive from 0 per session, across runs. */
  sequenceNumber?: number;
}

/** One event of a run, as clients receive it and as it is stored. */
export type RunEvent<T extends RunEventType = RunEventType> = T extends RunEventType
  ? RunEventBase<T> & RunEventFields[T]
  : never;

export function isPersisted(type: RunEventType): boolean {
  return PERSISTED_EVENT_TYPES[type];
}
