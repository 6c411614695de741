import { type ClusterBus } from '../cluster/cluster-buses';
import { type BusHandler } from '../cluster/message-bus';
import { ApiKeyVerifier } from './api-key-verifier';
import { type ApiKeysService } from './api-keys.service';
import { KeyRevocationNotices } from './key-revocation-notices';
import { type Principal } from './principal';

const KEY = 'thk_a-key-of-alice';
const alice: Principal = { keyId: 'k-alice', user: 'alice', role: 'member' };

/** The bus to the other instances: what they would send is handed to its subscribers here. */
class OtherInstances implements ClusterBus {
  readonly maxMessageBytes = 8000;
  private readonly handlers: BusHandler[] = [];

  publish(): void {}

  subscribe(_channel: string, handler: BusHandler): Promise<() => void> {
    this.handlers.push(handler);
    return Promise.resolve(() => undefined);
  }

  revoke(keyId: string): void {
    this.handlers.forEach((handler) => handler.message(keyId));
  }

  reconnect(): void {
    this.handlers.forEach((handler) => handler.gap?.());
  }
}

describe('ApiKeyVerifier', () => {
  let findActive: jest.Mock<Promise<Principal | undefined>, [string]>;
  let notices: KeyRevocationNotices;
  let otherInstances: OtherInstances;
  let verifier: ApiKeyVerifier;

  beforeEach(async () => {
    findActive = jest.fn().mockResolvedValue(alice);
    otherInstances = new OtherInstances();
    notices = new KeyRevocationNotices(otherInstances);
    verifier = new ApiKeyVerifier({ findActive } as unknown as ApiKeysService, notices);
    await verifier.onApplicationBootstrap();
  });

  /** The key was revoked in the database: only a lookup there can tell. */
  const revokedInDatabase = () => findActive.mockResolvedValue(undefined);

  it('asks the database once for a key, and answers it from memory afterwards', async () => {
    expect(await verifier.verify(KEY)).toBe(alice);
    expect(await verifier.verify(KEY)).toBe(alice);
    expect(findActive).toHaveBeenCalledTimes(1);
  });

  it('refuses a key revoked here on the very next request', async () => {
    await verifier.verify(KEY);
    revokedInDatabase();
    // What ApiKeysService.revoke does once the row is updated.
    notices.announce(alice.keyId);
    expect(await verifier.verify(KEY)).toBeUndefined();
    expect(findActive).toHaveBeenCalledTimes(2);
  });

  it('refuses a key another instance revoked on the very next request', async () => {
    await verifier.verify(KEY);
    revokedInDatabase();
    otherInstances.revoke(alice.keyId);
    expect(await verifier.verify(KEY)).toBeUndefined();
  });

  it('asks the database again after notices may have been missed', async () => {
    await verifier.verify(KEY);
    revokedInDatabase();
    otherInstances.reconnect();
    expect(await verifier.verify(KEY)).toBeUndefined();
  });
});
