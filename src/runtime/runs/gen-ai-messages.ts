import {
  type ConversationMessage,
  type MessageAttachment,
  type ModelToolCall,
  type ThinkingBlock,
  attachedFileText,
} from '../../providers/model-provider.contract';
import { type ModelTurn } from './model-turn';

/**
 * Conversations in the shapes of the GenAI conventions' content attributes
 * (`gen_ai.system_instructions`, `gen_ai.input.messages`, `gen_ai.output.messages`): messages of
 * `{ role, parts }`, each part typed (`text`, `reasoning`, `tool_call`, `tool_call_response`,
 * `blob`), so that trace viewers read them as conversations rather than as toolhub's own
 * history records.
 */

type GenAiPart =
  | { type: 'text' | 'reasoning'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: unknown }
  | { type: 'tool_call_response'; id: string; response: string }
  | { type: 'blob'; modality: string; mime_type: string; content: string };

interface GenAiMessage {
  role: 'user' | 'assistant' | 'tool';
  parts: GenAiPart[];
}

/** The system prompt as the model was given it. */
export function systemInstructionsOf(system: string): GenAiPart[] {
  return [{ type: 'text', content: system }];
}

/** The conversation the model is given, message by message. */
export function inputMessagesOf(history: readonly ConversationMessage[]): GenAiMessage[] {
  return history.map((message): GenAiMessage => {
    switch (message.role) {
      case 'user':
        return {
          role: 'user',
          parts: [
            { type: 'text', content: message.content },
            ...(message.attachments ?? []).map(attachmentPart),
          ],
        };
      case 'assistant':
        return { role: 'assistant', parts: assistantParts(message) };
      case 'tool_results':
        return {
          role: 'tool',
          parts: message.results.map((result) => ({
            type: 'tool_call_response',
            id: result.toolUseId,
            response: result.content,
          })),
        };
    }
  });
}

/** What the model answered in a turn. */
export function outputMessageOf(turn: ModelTurn): GenAiMessage & { finish_reason?: string } {
  return {
    role: 'assistant',
    parts: assistantParts({
      thinking: turn.thinkingBlocks(),
      text: turn.text,
      toolCalls: turn.toolCalls,
    }),
    ...(turn.stopReason && { finish_reason: turn.stopReason }),
  };
}

function assistantParts(message: {
  thinking: readonly ThinkingBlock[];
  text: string;
  toolCalls: readonly ModelToolCall[];
}): GenAiPart[] {
  return [
    ...message.thinking.map((block): GenAiPart => ({ type: 'reasoning', content: block.content })),
    ...(message.text ? [{ type: 'text' as const, content: message.text }] : []),
    ...message.toolCalls.map((call): GenAiPart => ({
      type: 'tool_call',
      id: call.id,
      name: call.name,
      arguments: call.args,
    })),
  ];
}

/** A text file as the model reads it; an image or a PDF as its bytes. */
function attachmentPart(attachment: MessageAttachment): GenAiPart {
  if (attachment.kind === 'text') {
    return { type: 'text', content: attachedFileText(attachment.name, attachment.text) };
  }
  return {
    type: 'blob',
    modality: attachment.kind === 'image' ? 'image' : 'document',
    mime_type: attachment.mimeType,
    content: attachment.base64,
  };
}
