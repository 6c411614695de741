import { Injectable } from '@nestjs/common';
import { type AuditContext, SERVER_ITSELF } from '../audit/audit-event';
import { AuditTrail } from '../audit/audit-trail';
import { type Page, type PageQueryDto } from '../core/api/page.dto';
import { type ApiKeyRole } from '../database/schema';
import { Transactions } from '../database/transactions';
import { isUuid } from '../database/uuid';
import { generateApiKey, hashOfApiKey, shownPrefixOf } from './api-key-format';
import { LastAdminKeyError } from './api-key.errors';
import { type ApiKeySummary, ApiKeysRepository } from './api-keys.repository';
import { KeyRevocationNotices } from './key-revocation-notices';
import { ANONYMOUS_USER, type Principal } from './principal';
import { ValidationFailedError } from '../core/errors';

export interface CreatedApiKey extends ApiKeySummary {
  /** The key itself; shown once, stored only as a hash. */
  key: string;
}

export interface NewApiKey {
  name: string;
  role: ApiKeyRole;
  /** Whose key it is; the key's name when absent. */
  user?: string;
}

/** Serialises the first-start check of instances starting together against one server. */
const FIRST_KEY_LOCK_ID = 7_406_310_116;
/** Serialises revocations, so concurrent ones cannot together revoke every admin key. */
export const ADMIN_KEYS_LOCK_ID = 7_406_310_117;

/**
 * API keys, each a user's with a role: stored as SHA-256 hashes, revocable, looked up by hash.
 * Shared by the server and the CLI.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly transactions: Transactions,
    private readonly revocations: KeyRevocationNotices,
    private readonly audit: AuditTrail,
  ) {}

  /** Issues a key; `by` is who asked, for the audit log. */
  create(request: NewApiKey, by: AuditContext = SERVER_ITSELF): Promise<CreatedApiKey> {
    return this.transactions.run(() => this.insert(request, generateApiKey(), by));
  }

  /**
   * The admin key of a database that has none yet (revoked keys count: their database has
   * been handed over before), `key` or a generated one; undefined when a key exists.
   */
  createFirstAdmin(key = generateApiKey()): Promise<CreatedApiKey | undefined> {
    return this.transactions.run(async () => {
      await this.keys.lock(FIRST_KEY_LOCK_ID);
      if (await this.keys.anyIssued()) return undefined;
      return this.insert(
        { name: 'initial admin', role: 'admin', user: 'admin' },
        key,
        SERVER_ITSELF,
      );
    });
  }

  async list(page: PageQueryDto): Promise<Page<ApiKeySummary>> {
    const { rows, total } = await this.keys.page(page.limit, page.offset);
    return { items: rows, total, ...page };
  }

  /** Every key, for the CLI's listing. */
  listAll(): Promise<ApiKeySummary[]> {
    return this.keys.all();
  }

  /**
   * Revokes a key by id and tells every instance to stop accepting it; undefined when no
   * unrevoked key has that id. With `keepAnAdmin`, the last active admin key is not revoked
   * (`LastAdminKeyError`): over the API that would leave nobody able to manage keys. `by` is
   * who asked, for the audit log.
   */
  async revoke(
    id: string,
    { keepAnAdmin = false, by = SERVER_ITSELF }: { keepAnAdmin?: boolean; by?: AuditContext } = {},
  ): Promise<ApiKeySummary | undefined> {
    if (!isUuid(id)) return undefined;
    const revoked = await this.transactions.run(async () => {
      // Two admins revoking each other's keys at once: one after the other, so one key stays.
      await this.keys.lock(ADMIN_KEYS_LOCK_ID);
      const row = await this.keys.revokeActive(id, new Date());
      if (keepAnAdmin && row?.role === 'admin' && (await this.keys.activeAdminCount()) === 0) {
        throw new LastAdminKeyError(id);
      }
      if (row) {
        await this.audit.record({
          ...by,
          type: 'key.revoked',
          target: row.id,
          details: { key_id: row.id, name: row.name, user: row.user, role: row.role },
        });
      }
      return row;
    });
    if (revoked) this.revocations.announce(revoked.id);
    return revoked;
  }

  /**
   * The caller a key stands for (by the key's hash), if it was issued and is not revoked. A key
   * issued to the user `anonymous` before that user was reserved stands for nobody.
   */
  async findActive(keyHash: string): Promise<Principal | undefined> {
    const principal = await this.keys.findActiveByHash(keyHash);
    return principal?.user === ANONYMOUS_USER ? undefined : principal;
  }

  /** Stores a key and its audit entry; called in a unit of work. */
  private async insert(request: NewApiKey, key: string, by: AuditContext): Promise<CreatedApiKey> {
    const user = request.user ?? request.name;
    if (user === ANONYMOUS_USER) {
      throw new ValidationFailedError([
        {
          field: request.user === undefined ? 'name' : 'user',
          messages: [
            `user must not be '${ANONYMOUS_USER}': that is every caller without a key (give another user)`,
          ],
        },
      ]);
    }
    const row = await this.keys.insert({
      name: request.name,
      user_name: user,
      role: request.role,
      key_hash: hashOfApiKey(key),
      prefix: shownPrefixOf(key),
    });
    await this.audit.record({
      ...by,
      type: 'key.created',
      target: row.id,
      details: { key_id: row.id, name: row.name, user: row.user, role: row.role },
    });
    return { ...row, key };
  }
}
