import { storedKey } from './key-store';
import { type StreamedEvent } from './run-events';
import { type RunEvent } from './types';

/**
 * The events of a run (or a workflow run: `kind`) this tab has received, kept in sessionStorage so a reload shows them at
 * once and asks the server only for what came after (`Last-Event-ID`). Saved a moment after the
 * last change, and always before the page goes away; a log too big to keep is dropped, and the
 * next load replays the run from its start instead.
 */
export type LoggedStream = 'run' | 'workflow-run';

const storageKey = (kind: LoggedStream, id: string) => `toolhub.${kind}.${id}`;
const SAVE_DELAY_MS = 200;

export function loadRunLog<E extends StreamedEvent = RunEvent>(
  id: string,
  kind: LoggedStream = 'run',
): E[] {
  try {
    const saved = sessionStorage.getItem(storageKey(kind, id));
    const events = saved ? (JSON.parse(saved) as E[]) : [];
    return Array.isArray(events) ? events : [];
  } catch {
    return [];
  }
}

export class RunLogWriter<E extends StreamedEvent = RunEvent> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private latest: E[] = [];
  private readonly flushNow = () => this.flush();
  private readonly key: string;

  constructor(id: string, kind: LoggedStream = 'run') {
    this.key = storageKey(kind, id);
    addEventListener('pagehide', this.flushNow);
  }

  save(events: E[]): void {
    this.latest = events;
    this.timer ??= setTimeout(this.flushNow, SAVE_DELAY_MS);
  }

  close(): void {
    this.flush();
    removeEventListener('pagehide', this.flushNow);
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    // Signed out meanwhile: what this tab kept went with the key, and stays gone.
    if (!storedKey()) return;
    try {
      sessionStorage.setItem(this.key, JSON.stringify(this.latest));
    } catch {
      sessionStorage.removeItem(this.key);
    }
  }
}
