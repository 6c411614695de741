import { Injectable } from '@nestjs/common';
import { ClusterBus } from '../cluster/cluster-buses';

/** The notice of a revoked key, carrying its id, to every instance. */
const KEY_REVOKED_CHANNEL = 'toolhub_api_key_revoked';

/** Whoever keeps keys in memory and must drop them when they are revoked. */
export interface RevocationListener {
  revoked(keyId: string): void;
  /** Notices may have been lost (the bus reconnected): nothing remembered can be trusted. */
  missedSome(): void;
}

/**
 * Tells this process and every other instance that a key was revoked, so a key cached
 * anywhere stops working on the next request. Instances on the embedded database are alone,
 * and the bus then carries nothing; several on PostgreSQL hear each other over LISTEN/NOTIFY,
 * the CLI's revocations included.
 */
@Injectable()
export class KeyRevocationNotices {
  private readonly listeners = new Set<RevocationListener>();

  constructor(private readonly bus: ClusterBus) {}

  announce(keyId: string): void {
    for (const listener of this.listeners) listener.revoked(keyId);
    this.bus.publish(KEY_REVOKED_CHANNEL, keyId);
  }

  /** Hears revocations made here and by other instances from now on. */
  async listen(listener: RevocationListener): Promise<void> {
    if (this.listeners.size === 0) {
      await this.bus.subscribe(KEY_REVOKED_CHANNEL, {
        message: (keyId) => this.listeners.forEach((each) => each.revoked(keyId)),
        gap: () => this.listeners.forEach((each) => each.missedSome()),
      });
    }
    this.listeners.add(listener);
  }
}
