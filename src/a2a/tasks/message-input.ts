import type { Message, Part } from '@a2a-js/sdk';
import { a2aErrors } from '../loaded-on-first-use';

/** Where a file part names the upload its bytes were stored as (see InlineFiles). */
const FILE_ID = 'toolhub_file_id';

/**
 * The text a run is started with from a client's message: its text parts as they are, its data
 * parts as JSON, in the message's order. File parts are the run's attachments, not its text:
 * inline bytes are stored as uploads first; a file given by URL is refused (toolhub does not
 * fetch what a client could send itself), as is a message with no text or data.
 */
export function runContentOf(message: Message): string {
  const pieces = message.parts.flatMap((part, index) => {
    switch (part.content?.$case) {
      case 'text':
        return [part.content.value];
      case 'data':
        return [JSON.stringify(part.content.value)];
      case 'raw':
        return [];
      case 'url':
        if (storedFileIdOf(part)) return [];
        throw malformed(
          `message.parts[${index}]: a file is taken as its bytes (raw), not fetched from a URL`,
        );
      case undefined:
        throw malformed(`message.parts[${index}]: an empty part`);
    }
  });
  const content = pieces.join('\n\n');
  if (content.trim() === '') throw malformed('message: there is no text or data to send');
  return content;
}

/** The part that names a stored upload, with a link its owner fetches with their key. */
export function storedFilePart(
  file: { id: string; name: string; mime_type: string },
  origin: string,
): Part {
  return {
    content: { $case: 'url', value: `${origin}/api/v1/files/${file.id}/content` },
    mediaType: file.mime_type,
    filename: file.name,
    metadata: { [FILE_ID]: file.id },
  };
}

/** The uploads a message's file parts were stored as, for the run to take as attachments. */
export function attachmentIdsOf(message: Message): string[] {
  return message.parts.flatMap((part) => storedFileIdOf(part) ?? []);
}

function storedFileIdOf(part: Part): string | undefined {
  if (part.content?.$case !== 'url') return undefined;
  const id = part.metadata?.[FILE_ID] as unknown;
  return typeof id === 'string' ? id : undefined;
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

/** The protocol's INVALID_PARAMS, saying what is wrong with the request. */
export function malformed(message: string): Error {
  return new (a2aErrors().RequestMalformedError)(message);
}
