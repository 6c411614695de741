import { type Principal } from './principal';

/**
 * Keys already verified, by their hash, so a request costs no database round trip: bounded
 * (the oldest entry goes first) and each entry kept for a limited time, which also bounds how
 * long a change made outside toolhub (a row edited by hand) goes unnoticed. Revocations made
 * through toolhub are forgotten at once.
 */
export class VerifiedKeyCache {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number }>();
  private forgetCount = 0;

  constructor(
    private readonly capacity: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(keyHash: string): Principal | undefined {
    const entry = this.entries.get(keyHash);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(keyHash);
      return undefined;
    }
    return entry?.principal;
  }

  /**
   * Where a database lookup starts. Its answer is remembered only if nothing was forgotten
   * meanwhile: a lookup that raced a revocation could otherwise bring the revoked key back.
   */
  get epoch(): number {
    return this.forgetCount;
  }

  remember(keyHash: string, principal: Principal, lookupEpoch: number): void {
    if (lookupEpoch !== this.forgetCount) return;
    if (this.entries.size >= this.capacity && !this.entries.has(keyHash)) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(keyHash, { principal, expiresAt: this.now() + this.ttlMs });
  }

  forgetKey(keyId: string): void {
    this.forgetCount++;
    for (const [keyHash, entry] of this.entries) {
      if (entry.principal.keyId === keyId) this.entries.delete(keyHash);
    }
  }

  forgetAll(): void {
    this.forgetCount++;
    this.entries.clear();
  }
}
