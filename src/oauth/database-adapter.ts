import type { Adapter, AdapterPayload } from 'oidc-provider';
import { type OAuthStateRepository } from './oauth-state.repository';

/** How long a registered client that nobody has granted access to is kept. */
const UNUSED_CLIENT_SECONDS = 24 * 60 * 60;

/**
 * The authorization server's storage for one of its models, in toolhub's database: every
 * instance sees the codes, tokens and grants the others issue, and a revoked grant is gone for
 * all of them at once.
 */
export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly state: OAuthStateRepository,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    // A dynamically registered client lasts until its first grant keeps it (see `Grant` below).
    const seconds = this.model === 'Client' ? UNUSED_CLIENT_SECONDS : expiresIn;
    const expiresAt = seconds ? new Date(Date.now() + seconds * 1000) : undefined;
    await this.state.upsert(this.model, id, { ...payload }, expiresAt);
    if (this.model === 'Grant' && typeof payload.clientId === 'string') {
      await this.state.keepClient(payload.clientId);
    }
    // A refresh token is issued when a code is redeemed or a refresh token is: the grant in use.
    if (this.model === 'RefreshToken' && typeof payload.grantId === 'string') {
      await this.state.touchGrant(payload.grantId);
    }
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.state.find(this.model, id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.state.findByUid(this.model, uid);
  }

  /** Device codes are not offered, so nothing is ever found by a user code. */
  findByUserCode(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  async consume(id: string): Promise<void> {
    await this.state.consume(this.model, id);
  }

  async destroy(id: string): Promise<void> {
    await this.state.destroy(this.model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.state.destroyGrant(grantId);
  }
}
