import {
  type ConversationMessage,
  type MessageAttachment,
  type ThinkingBlock,
  type ToolResultMessage,
} from '../../providers/model-provider.contract';
import { type RunEvent } from '../events/run-event.types';

/** What the model reads of a tool call's outcome. */
export function toolResultText(event: {
  success: boolean;
  result: unknown;
  error?: string;
  code?: string;
}): string {
  if (!event.success) return `Error${event.code ? ` (${event.code})` : ''}: ${event.error ?? ''}`;
  return typeof event.result === 'string' ? event.result : JSON.stringify(event.result ?? null);
}

/**
 * The conversation of a session rebuilt from its persisted events, for the next run's model
 * calls: user messages, the agent's messages with their tool calls, and the tool results.
 * Thinking is left out, except a resumed run's own (`thinkingOfRun`): providers need it back
 * only within the run that produced it. Attached files' contents are given only with the
 * message of the run that runs now (`attachments`, read by the caller); earlier messages name
 * their files.
 */
export function conversationOf(
  events: readonly RunEvent[],
  options: {
    thinkingOfRun?: string;
    attachments?: { runId: string; files: MessageAttachment[] };
  } = {},
): ConversationMessage[] {
  const messages: ConversationMessage[] = [];
  let thinking: ThinkingBlock[] = [];
  const last = () => messages[messages.length - 1];
  for (const event of events) {
    switch (event.type) {
      case 'user_message_sent': {
        const previous = last();
        const files = options.attachments?.runId === event.runId ? options.attachments.files : [];
        const given = files.length > 0 ? files : undefined;
        const content =
          given || !event.attachments?.length
            ? event.content
            : `${event.content}\n\n${attachedNames(event.attachments)}`;
        // A run that failed before the agent answered leaves two user messages in a row;
        // providers want turns to alternate, so they become one.
        if (previous?.role === 'user') {
          previous.content += `\n\n${content}`;
          if (given) previous.attachments = [...(previous.attachments ?? []), ...given];
        } else {
          messages.push({ role: 'user', content, ...(given && { attachments: given }) });
        }
        break;
      }
      case 'message':
        messages.push({ role: 'assistant', thinking, text: event.content, toolCalls: [] });
        thinking = [];
        break;
      case 'thinking':
        // A resumed run's tool loop must send its own signed thinking back, unchanged.
        if (event.runId === options.thinkingOfRun) {
          thinking.push({ content: event.content, signature: event.signature });
        }
        break;
      case 'tool_use': {
        const previous = last();
        const call = { id: event.toolUseId, name: event.toolName, args: event.args };
        if (previous?.role === 'assistant') previous.toolCalls.push(call);
        else messages.push({ role: 'assistant', thinking: [], text: '', toolCalls: [call] });
        break;
      }
      case 'tool_result': {
        const result: ToolResultMessage = {
          toolUseId: event.toolUseId,
          toolName: event.toolName,
          content: event.modelContent ?? toolResultText(event),
          isError: !event.success,
        };
        const previous = last();
        if (previous?.role === 'tool_results') previous.results.push(result);
        else messages.push({ role: 'tool_results', results: [result] });
        break;
      }
      case 'approval_requested':
      case 'approval_resolved':
      case 'error':
      case 'complete':
      case 'thinking_chunk':
      case 'thinking_complete':
      case 'message_chunk':
        break;
    }
  }
  return messages;
}

/** How an earlier message's files are mentioned once their contents are no longer sent. */
function attachedNames(files: readonly { name: string; mime_type: string }[]): string {
  const names = files.map((file) => `${file.name} (${file.mime_type})`).join(', ');
  return `[Attached with this message, not shown again: ${names}]`;
}
