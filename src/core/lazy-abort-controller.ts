/**
 * An `AbortController` made only when its signal is first read. Most work never looks at its
 * signal, and an `AbortSignal` (an `EventTarget`) is among the costliest objects a small request
 * allocates. Aborted before the signal is read, the signal comes out already aborted, with the
 * same reason.
 */
export class LazyAbortController {
  private controller?: AbortController;
  private aborted = false;
  private reason: unknown;

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
  }
}
