/** Work in progress in this process, by id: how to abort each and when each is done. */
export class ActiveWork {
  private readonly work = new Map<string, { controller: AbortController; done: Promise<void> }>();

  /** Starts `work` for the id; it is forgotten once it settles. */
  start(id: string, work: (signal: AbortSignal) => Promise<void>): void {
    const controller = new AbortController();
    const entry = { controller, done: Promise.resolve() };
    // A later work of the same id (a run resumed before this one settled) keeps its entry.
    entry.done = work(controller.signal).finally(() => {
      if (this.work.get(id) === entry) this.work.delete(id);
    });
    this.work.set(id, entry);
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
