import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { hashOfApiKey } from './api-key-format';
import { ApiKeysService } from './api-keys.service';
import { KeyRevocationNotices } from './key-revocation-notices';
import { type Principal } from './principal';
import { VerifiedKeyCache } from './verified-key-cache';

/** Keys remembered at most: far more than a team's, while bounding memory. */
const CACHED_KEYS = 10_000;
/** How long a verified key is trusted without asking the database again. */
const CACHE_TTL_MS = 60_000;

/** Answers "whose key is this?" from memory when it can, from the database otherwise. */
@Injectable()
export class ApiKeyVerifier implements OnApplicationBootstrap {
  private readonly cache = new VerifiedKeyCache(CACHED_KEYS, CACHE_TTL_MS);

  constructor(
    private readonly keys: ApiKeysService,
    private readonly revocations: KeyRevocationNotices,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.revocations.listen({
      revoked: (keyId) => this.cache.forgetKey(keyId),
      missedSome: () => this.cache.forgetAll(),
    });
  }

  /** The caller a key stands for, if it was issued and is not revoked. */
  async verify(key: string): Promise<Principal | undefined> {
    const keyHash = hashOfApiKey(key);
    const cached = this.cache.get(keyHash);
    if (cached) return cached;
    const epoch = this.cache.epoch;
    const principal = await this.keys.findActive(keyHash);
    if (principal) this.cache.remember(keyHash, principal, epoch);
    return principal;
  }
}
