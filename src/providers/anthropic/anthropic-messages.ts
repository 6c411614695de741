import {
  type AssistantMessageParam,
  type ContentBlockParam,
  type MessageContentParam,
  type MessageCreateParamsStreaming,
  type Tool,
  type UserMessageParam,
} from '@anthropic-ai/sdk/resources/messages';
import {
  type MessageAttachment,
  attachedFileText,
  type ConversationMessage,
  type ModelRequest,
  type ModelToolSpec,
} from '../model-provider.contract';

type TurnMessage = UserMessageParam | AssistantMessageParam;

/**
 * The Messages API request for a model request. Sampling parameters (`temperature`, `top_p`)
 * are never sent: the API version this SDK speaks (2026-10-21) answers 400 to any of them.
 */
export function toAnthropicRequest(request: ModelRequest): MessageCreateParamsStreaming {
  return {
    model: request.model,
    max_tokens: request.maxTokens,
    ...(request.system !== '' && { system: request.system }),
    messages: toAnthropicMessages(request.messages),
    ...(request.thinking && {
      thinking: { type: 'enabled', budget_tokens: request.thinking.budgetTokens },
    }),
    ...(request.tools.length > 0 && { tools: request.tools.map(toAnthropicTool) }),
    stream: true,
  };
}

function toAnthropicTool(tool: ModelToolSpec): Tool {
  return {
    name: tool.name,
    description: tool.description,
    input_schema: { ...tool.inputSchema, type: 'object' },
  };
}

/** The API wants user and assistant turns to alternate, so same-role neighbours are merged. */
function toAnthropicMessages(conversation: ConversationMessage[]): TurnMessage[] {
  const messages: TurnMessage[] = [];
  for (const message of conversation) {
    const next = toAnthropicMessage(message);
    if (!next) continue;
    const previous = messages.at(-1);
    if (previous?.role === next.role) {
      previous.content = [...asBlocks(previous.content), ...asBlocks(next.content)];
    } else {
      messages.push(next);
    }
  }
  return messages;
}

/** Undefined for an assistant turn with nothing to replay, which the API would refuse. */
function toAnthropicMessage(message: ConversationMessage): TurnMessage | undefined {
  switch (message.role) {
    case 'user':
      if (!message.attachments?.length) return { role: 'user', content: message.content };
      // Files first, then the question about them (Anthropic's advice for long documents).
      return {
        role: 'user',
        content: [
          ...message.attachments.map(attachmentBlock),
          { type: 'text', text: message.content },
        ],
      };
    case 'tool_results':
      return {
        role: 'user',
        content: message.results.map((result) => ({
          type: 'tool_result',
          tool_use_id: result.toolUseId,
          content: result.content,
          is_error: result.isError,
        })),
      };
    case 'assistant': {
      const content = assistantBlocks(message);
      return content.length > 0 ? { role: 'assistant', content } : undefined;
    }
  }
}

function attachmentBlock(attachment: MessageAttachment): ContentBlockParam {
  switch (attachment.kind) {
    case 'text':
      return { type: 'text', text: attachedFileText(attachment.name, attachment.text) };
    case 'image':
      return {
        type: 'image',
        source: {
          type: 'base64',
          media_type: attachment.mimeType as 'image/png',
          data: attachment.base64,
        },
      };
    case 'pdf':
      return {
        type: 'document',
        title: attachment.name,
        source: { type: 'base64', media_type: 'application/pdf', data: attachment.base64 },
      };
  }
}

/** Thinking first, as the model wrote it; an unsigned block would be refused, so it stays out. */
function assistantBlocks(
  message: Extract<ConversationMessage, { role: 'assistant' }>,
): ContentBlockParam[] {
  const blocks: ContentBlockParam[] = [];
  for (const { content, signature } of message.thinking) {
    if (signature) blocks.push({ type: 'thinking', thinking: content, signature });
  }
  if (message.text !== '') blocks.push({ type: 'text', text: message.text });
  for (const call of message.toolCalls) {
    blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.args });
  }
  return blocks;
}

function asBlocks(content: MessageContentParam): ContentBlockParam[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}
