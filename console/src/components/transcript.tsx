import { useMemo } from 'preact/hooks';
import { type RunEvent } from '../api/types';
import { hrefOf } from '../router';
import { type TranscriptItem, transcriptOf } from '../run-transcript';
import { ApprovalCard } from './approval-card';
import { Markdown } from './markdown';
import { pretty } from './status';

/**
 * A run as a person reads it (see `transcriptOf`): shown by the run view, and inside each agent
 * step of a workflow run, from the events relayed to it.
 */
export function Transcript({ events, label }: { events: readonly RunEvent[]; label: string }) {
  const items = useMemo(() => transcriptOf(events), [events]);
  return (
    <ol class="transcript" aria-label={label} aria-live="polite">
      {items.map((item) => (
        <li key={item.key} class={`item item-${item.kind}`}>
          <TranscriptEntry item={item} />
        </li>
      ))}
    </ol>
  );
}

function TranscriptEntry({ item }: { item: TranscriptItem }) {
  switch (item.kind) {
    case 'user':
      return (
        <div class="bubble user-message">
          <span class="who">You</span>
          <p class="pre-wrap">{item.content}</p>
          {item.attachments.length > 0 && (
            <p class="muted">Attached: {item.attachments.map((file) => file.name).join(', ')}</p>
          )}
        </div>
      );
    case 'thinking':
      return (
        <details class="thinking">
          <summary>Thinking{item.done ? '' : '…'}</summary>
          <p class="pre-wrap">{item.content}</p>
        </details>
      );
    case 'text':
      return (
        <div class="bubble agent-message" data-streaming={String(!item.done)}>
          <span class="who">Agent</span>
          {item.done ? <Markdown text={item.content} /> : <p class="pre-wrap">{item.content}</p>}
        </div>
      );
    case 'tool':
      return (
        <div class="card tool-call">
          <h3>
            Tool call <code>{item.toolName}</code>
          </h3>
          <pre class="json" aria-label="Arguments">
            {pretty(item.args)}
          </pre>
          {item.result ? (
            <div class={item.result.success ? 'tool-result' : 'tool-result failed'}>
              <p>{item.result.success ? 'Result' : `Failed: ${item.result.error ?? ''}`}</p>
              {item.result.value !== null && item.result.value !== undefined && (
                <pre class="json" aria-label="Result">
                  {typeof item.result.value === 'string'
                    ? item.result.value
                    : pretty(item.result.value)}
                </pre>
              )}
              {item.result.artifacts.length > 0 && (
                <ul class="list" aria-label="Artifacts">
                  {item.result.artifacts.map((artifact) => (
                    <li key={artifact.id}>
                      <a href={hrefOf({ view: 'artifact', id: artifact.id })}>{artifact.name}</a>{' '}
                      <span class="muted">{artifact.mime_type}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : (
            <p class="muted">No result yet</p>
          )}
        </div>
      );
    case 'approval':
      return <ApprovalCard request={item.request} />;
    case 'error':
      return (
        <p class="error" role="alert">
          {item.code}: {item.message}
        </p>
      );
    case 'end':
      return <p class="run-end">Run {item.reason === 'cancelled' ? 'cancelled' : 'completed'}</p>;
  }
}
