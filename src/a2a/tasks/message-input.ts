import type { Message } from '@a2a-js/sdk';
import { a2aErrors } from '../loaded-on-first-use';

/**
 * The text a run is started with from a client's message: its text parts as they are, its data
 * parts as JSON, in the message's order. File parts are refused (the runtime takes files only
 * as uploads of the caller's), as is a message with nothing to say.
 */
export function runContentOf(message: Message): string {
  const pieces = message.parts.map((part, index) => {
    switch (part.content?.$case) {
      case 'text':
        return part.content.value;
      case 'data':
        return JSON.stringify(part.content.value);
      case 'raw':
      case 'url':
      case undefined:
        throw malformed(
          `message.parts[${index}]: this agent takes text and data parts only, not ${part.content?.$case ?? 'an empty part'}`,
        );
    }
  });
  const content = pieces.join('\n\n');
  if (content.trim() === '') throw malformed('message: there is no text or data to send');
  return content;
}

/** What a follow-up message decides about the approval its task waits for. */
export interface ApprovalDecision {
  decision: 'approve' | 'reject';
  reason?: string;
}

/**
 * The decision in a follow-up message to a task waiting for approval: its data part
 * `{ decision: "approve" | "reject", reason? }`; INVALID_PARAMS for a message without one.
 */
export function decisionOf(message: Message): ApprovalDecision {
  for (const part of message.parts) {
    if (part.content?.$case !== 'data') continue;
    const value = part.content.value as unknown;
    if (typeof value !== 'object' || value === null) continue;
    const { decision, reason } = value as Record<string, unknown>;
    if (decision !== 'approve' && decision !== 'reject') continue;
    if (reason !== undefined && typeof reason !== 'string') {
      throw malformed("The decision's reason must be a string");
    }
    return { decision, ...(reason !== undefined && { reason }) };
  }
  throw malformed(
    'The task waits for an approval: answer with a data part {"decision": "approve" | "reject", "reason"?: "..."}',
  );
}

function malformed(message: string): Error {
  return new (a2aErrors().RequestMalformedError)(message);
}
