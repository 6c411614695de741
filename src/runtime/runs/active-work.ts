/** Work in progress in this process, by id: how to abort each and when each is done. */
export class ActiveWork {
  private readonly work = new Map<string, { controller: AbortController; done: Promise<void> }>();

  /** Starts `work` for the id; it is forgotten once it settles. */
  start(id: string, work: (signal: AbortSignal) => Promise<void>): void {
    const controller = new AbortController();
    const done = work(controller.signal).finally(() => this.work.delete(id));
    this.work.set(id, { controller, done });
  }

  /** Aborts the id's work with `reason`; false when this process is not doing it. */
  abort(id: string, reason: Error): boolean {
    const entry = this.work.get(id);
    if (!entry) return false;
    entry.controller.abort(reason);
    return true;
  }

  /** Resolves when the id's work is done here (at once if this process is not doing it). */
  async settled(id: string): Promise<void> {
    await this.work.get(id)?.done;
  }

  /** Aborts every work with the reason `reasonOf` gives it and waits for all to settle. */
  async abortAll(reasonOf: (id: string) => Error): Promise<void> {
    const ids = this.ids();
    ids.forEach((id) => this.abort(id, reasonOf(id)));
    await Promise.all(ids.map((id) => this.settled(id)));
  }

  ids(): string[] {
    return [...this.work.keys()];
  }
}
