import {
  type ChatCompletionContentPart,
  type ChatCompletionCreateParamsStreaming,
  type ChatCompletionFunctionTool,
  type ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import {
  type MessageAttachment,
  attachedFileText,
  type ConversationMessage,
  type ModelRequest,
  type ModelToolSpec,
} from '../model-provider.contract';

/**
 * The Chat Completions request for a model request. `max_tokens` rather than
 * `max_completion_tokens`: it is the one every OpenAI-compatible server (Ollama, vLLM) reads.
 * Thinking is not requested: compatible servers that reason stream it unasked.
 */
export function toOpenAIRequest(request: ModelRequest): ChatCompletionCreateParamsStreaming {
  return {
    model: request.model,
    messages: toOpenAIMessages(request),
    ...(request.tools.length > 0 && { tools: request.tools.map(toOpenAITool) }),
    max_tokens: request.maxTokens,
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    ...(request.topP !== undefined && { top_p: request.topP }),
    stream: true,
    stream_options: { include_usage: true },
  };
}

function toOpenAITool(tool: ModelToolSpec): ChatCompletionFunctionTool {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  };
}

function toOpenAIMessages(request: ModelRequest): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.system !== '') messages.push({ role: 'system', content: request.system });
  for (const message of request.messages) messages.push(...toOpenAIMessage(message));
  return messages;
}

/** Text files as text parts, images as data URLs (PDFs are refused before a run starts). */
function attachmentPart(attachment: MessageAttachment): ChatCompletionContentPart {
  if (attachment.kind === 'text') {
    return { type: 'text', text: attachedFileText(attachment.name, attachment.text) };
  }
  return {
    type: 'image_url',
    image_url: { url: `data:${attachment.mimeType};base64,${attachment.base64}` },
  };
}

/** Thinking blocks stay out: Chat Completions has no way to take them back. */
function toOpenAIMessage(message: ConversationMessage): ChatCompletionMessageParam[] {
  switch (message.role) {
    case 'user':
      if (!message.attachments?.length) return [{ role: 'user', content: message.content }];
      return [
        {
          role: 'user',
          content: [
            ...message.attachments.map(attachmentPart),
            { type: 'text', text: message.content },
          ],
        },
      ];
    case 'tool_results':
      return message.results.map((result) => ({
        role: 'tool',
        tool_call_id: result.toolUseId,
        content: result.content,
      }));
    case 'assistant':
      // A turn with neither text nor calls is refused by the API and tells the model nothing.
      if (message.text === '' && message.toolCalls.length === 0) return [];
      return [
        {
          role: 'assistant',
          content: message.text || null,
          ...(message.toolCalls.length > 0 && {
            tool_calls: message.toolCalls.map((call) => ({
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: JSON.stringify(call.args) },
            })),
          }),
        },
      ];
  }
}
