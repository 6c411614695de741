/** What a subscriber is told: a message, or that messages may have been lost (a reconnect). */
export interface BusHandler {
  message(message: string): void;
  /** The connection was lost and is back: messages sent meanwhile are gone; catch up. */
  gap?(): void;
}

/**
 * Messages between the instances of one service. A subscriber receives what the other
 * instances publish on its channel, never its own instance's messages, in the order each
 * instance published them. Delivery is at most once: after a reconnect, `gap` is called.
 */
export interface MessageBus {
  /** The largest message, in UTF-8 bytes, this bus carries. */
  readonly maxMessageBytes: number;
  publish(channel: string, message: string): void;
  /** Resolves once messages on the channel are received; the result stops receiving. */
  subscribe(channel: string, handler: BusHandler): Promise<() => void>;
  /** Ends the bus's own connections, for a bus that has any. */
  close?(): Promise<void>;
}

/** Handlers by channel, and the envelope that tells an instance its own messages. */
export class BusSubscriptions {
  private readonly handlers = new Map<string, Set<BusHandler>>();

  private readonly senderLine: string;

  constructor(instanceId: string) {
    this.senderLine = `${instanceId}\n`;
  }

  get channels(): string[] {
    return [...this.handlers.keys()];
  }

  /** Adds the handler; true when it is the channel's first (the channel must be joined). */
  add(channel: string, handler: BusHandler): boolean {
    const set = this.handlers.get(channel);
    if (set) {
      set.add(handler);
      return false;
    }
    this.handlers.set(channel, new Set([handler]));
    return true;
  }

  /** Removes the handler; true when it was the channel's last (the channel may be left). */
  remove(channel: string, handler: BusHandler): boolean {
    const set = this.handlers.get(channel);
    if (!set?.delete(handler) || set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }

  /**
   * The payload on the wire: who sent it, a newline, and the message as it is. No instance id
   * holds a newline; the message is not escaped again, so it costs neither a second
   * serialisation nor bytes of a size-limited payload.
   */
  wrap(message: string): string {
    return this.senderLine + message;
  }

  /** The bytes `wrap` adds to a message. */
  get envelopeBytes(): number {
    return Buffer.byteLength(this.senderLine);
  }

  /** Hands a received payload to the channel's handlers, unless this instance sent it. */
  dispatch(channel: string, payload: string | undefined): void {
    const set = this.handlers.get(channel);
    if (!set || payload === undefined) return;
    const messageStart = payload.indexOf('\n') + 1;
    // No sender line: not a payload of this format (an older instance's, say), not ours to read.
    if (messageStart === 0) return;
    if (messageStart === this.senderLine.length && payload.startsWith(this.senderLine)) return;
    const message = payload.slice(messageStart);
    for (const handler of [...set]) {
      try {
        handler.message(message);
      } catch {
        // A malformed message fails its handler only.
      }
    }
  }

  /** Tells every handler that messages may have been lost. */
  gap(): void {
    for (const set of this.handlers.values()) for (const handler of [...set]) handler.gap?.();
  }
}

/** One process, no other instance: nothing to send, nothing to receive (the embedded database). */
export class InProcessBus implements MessageBus {
  readonly maxMessageBytes = Number.MAX_SAFE_INTEGER;

  publish(): void {}

  subscribe(): Promise<() => void> {
    return Promise.resolve(() => undefined);
  }
}
