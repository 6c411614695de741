import { storedKey } from './key-store';
import { type RunEvent } from './types';

/**
 * The events of a run this tab has received, kept in sessionStorage so a reload shows them at
 * once and asks the server only for what came after (`Last-Event-ID`). Saved a moment after the
 * last change, and always before the page goes away; a log too big to keep is dropped, and the
 * next load replays the run from its start instead.
 */
const PREFIX = 'toolhub.run.';
const SAVE_DELAY_MS = 200;

export function loadRunLog(runId: string): RunEvent[] {
  try {
    const saved = sessionStorage.getItem(PREFIX + runId);
    const events = saved ? (JSON.parse(saved) as RunEvent[]) : [];
    return Array.isArray(events) ? events : [];
  } catch {
    return [];
  }
}

export class RunLogWriter {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private latest: RunEvent[] = [];
  private readonly flushNow = () => this.flush();

  constructor(private readonly runId: string) {
    addEventListener('pagehide', this.flushNow);
  }

  save(events: RunEvent[]): void {
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
      sessionStorage.setItem(PREFIX + this.runId, JSON.stringify(this.latest));
    } catch {
      sessionStorage.removeItem(PREFIX + this.runId);
    }
  }
}
