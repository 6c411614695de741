import { type ApprovalRequest } from './components/approval-card';
import { type RunEvent } from './api/types';

/** One thing the run view shows, built from one or more events. */
export type TranscriptItem =
  | { kind: 'user'; key: string; content: string; attachments: { name: string }[] }
  | { kind: 'thinking'; key: string; content: string; done: boolean }
  | { kind: 'text'; key: string; content: string; done: boolean }
  | {
      kind: 'tool';
      key: string;
      toolName: string;
      args: unknown;
      result?: {
        success: boolean;
        value: unknown;
        error?: string;
        artifacts: { id: string; name: string; mime_type: string }[];
      };
    }
  | { kind: 'approval'; key: string; request: ApprovalRequest }
  | { kind: 'error'; key: string; code: string; message: string }
  | { kind: 'end'; key: string; reason: string };

type StreamedBlock = Extract<TranscriptItem, { kind: 'thinking' | 'text' }>;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The run as a person reads it: streamed chunks join into the block they belong to until the
 * complete block replaces them, each tool result goes under its call, each decision under its
 * approval. Pure, so a reload that replays the same events shows the same thing.
 */
export function transcriptOf(events: readonly RunEvent[]): TranscriptItem[] {
  const items: TranscriptItem[] = [];
  /** The block a chunk stream is filling, per kind and block index, until its end. */
  const open = new Map<string, StreamedBlock>();
  const tools = new Map<string, TranscriptItem & { kind: 'tool' }>();
  const approvals = new Map<string, TranscriptItem & { kind: 'approval' }>();

  const openBlock = (kind: StreamedBlock['kind'], block: unknown, at: number): StreamedBlock => {
    const id = `${kind}:${String(block)}`;
    const current = open.get(id);
    if (current) return current;
    const item: StreamedBlock = { kind, key: `${kind}-${at}`, content: '', done: false };
    open.set(id, item);
    items.push(item);
    return item;
  };
  /** A complete block: the one its chunks filled, or a new one when it was not streamed. */
  const closeBlocks = (kind: StreamedBlock['kind'], content: string, at: number) => {
    const streamed = [...open.entries()].filter(([, item]) => item.kind === kind);
    for (const [id] of streamed) open.delete(id);
    const [first, ...rest] = streamed.map(([, item]) => item);
    if (!first) {
      items.push({ kind, key: `${kind}-${at}`, content, done: true });
      return;
    }
    first.content = content;
    first.done = true;
    for (const extra of rest) items.splice(items.indexOf(extra), 1);
  };

  for (const event of events) {
    const at = event.eventIndex;
    switch (event.type) {
      case 'user_message_sent':
        items.push({
          kind: 'user',
          key: `user-${at}`,
          content: str(event.content),
          attachments: Array.isArray(event.attachments)
            ? (event.attachments as { name: string }[])
            : [],
        });
        break;
      case 'thinking_chunk':
        openBlock('thinking', event.blockIndex, at).content += str(event.content);
        break;
      case 'message_chunk':
        openBlock('text', event.blockIndex, at).content += str(event.content);
        break;
      case 'thinking':
        closeBlocks('thinking', str(event.content), at);
        break;
      case 'message':
        closeBlocks('text', str(event.content), at);
        break;
      case 'tool_use': {
        const item = {
          kind: 'tool' as const,
          key: `tool-${at}`,
          toolName: str(event.toolName),
          args: event.args,
        };
        tools.set(str(event.toolUseId), item);
        items.push(item);
        break;
      }
      case 'tool_result': {
        const item = tools.get(str(event.toolUseId));
        const result = {
          success: event.success === true,
          value: event.result,
          error: typeof event.error === 'string' ? event.error : undefined,
          artifacts: Array.isArray(event.artifacts)
            ? (event.artifacts as { id: string; name: string; mime_type: string }[])
            : [],
        };
        if (item) item.result = result;
        else
          items.push({
            kind: 'tool',
            key: `tool-${at}`,
            toolName: str(event.toolName),
            args: {},
            result,
          });
        break;
      }
      case 'approval_requested': {
        const item = {
          kind: 'approval' as const,
          key: `approval-${at}`,
          request: {
            id: str(event.approvalId),
            toolName: str(event.toolName),
            description: str(event.description),
            args: (event.args ?? {}) as Record<string, unknown>,
          },
        };
        approvals.set(item.request.id, item);
        items.push(item);
        break;
      }
      case 'approval_resolved': {
        const item = approvals.get(str(event.approvalId));
        if (item)
          item.request = {
            ...item.request,
            outcome: {
              approved: event.approved === true,
              reason: (event.reason as string) ?? null,
            },
          };
        break;
      }
      case 'error':
        items.push({
          kind: 'error',
          key: `error-${at}`,
          code: str(event.code),
          message: str(event.error),
        });
        break;
      case 'complete':
        items.push({ kind: 'end', key: `end-${at}`, reason: str(event.reason) });
        break;
      default:
        // A newer server's event type: the event log below still lists it.
        break;
    }
  }
  // A turn that only called tools ends with an empty message: nothing to show for it.
  return items.filter((item) => item.kind !== 'text' || !item.done || item.content.trim() !== '');
}
