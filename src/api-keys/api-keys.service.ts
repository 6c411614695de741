import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { type ApiKeyRole, apiKeys } from '../database/schema';
import { isUuid } from '../database/uuid';
import { totalRows } from '../registry/common/list-query';
import { type Page, type PageQueryDto } from '../registry/common/page.dto';
import { generateApiKey, hashOfApiKey, shownPrefixOf } from './api-key-format';
import { LastAdminKeyError } from './api-key.errors';
import { KeyRevocationNotices } from './key-revocation-notices';
import { type Principal } from './principal';

export interface ApiKeySummary {
  id: string;
  name: string;
  user: string;
  role: ApiKeyRole;
  prefix: string;
  created_at: Date;
  revoked_at: Date | null;
}

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

const SUMMARY_COLUMNS = {
  id: apiKeys.id,
  name: apiKeys.name,
  user: apiKeys.user_name,
  role: apiKeys.role,
  prefix: apiKeys.prefix,
  created_at: apiKeys.created_at,
  revoked_at: apiKeys.revoked_at,
};

const CREATION_ORDER = [asc(apiKeys.created_at), asc(apiKeys.id)];

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
    @Inject(DATABASE) private readonly db: Database,
    private readonly revocations: KeyRevocationNotices,
  ) {}

  create(request: NewApiKey): Promise<CreatedApiKey> {
    return this.insert(this.db, request, generateApiKey());
  }

  /**
   * The admin key of a database that has none yet (revoked keys count: their database has
   * been handed over before), `key` or a generated one; undefined when a key exists.
   */
  createFirstAdmin(key = generateApiKey()): Promise<CreatedApiKey | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_KEY_LOCK_ID})`);
      const [existing] = await tx.select({ id: apiKeys.id }).from(apiKeys).limit(1);
      if (existing) return undefined;
      return this.insert(tx, { name: 'initial admin', role: 'admin', user: 'admin' }, key);
    });
  }

  async list(page: PageQueryDto): Promise<Page<ApiKeySummary>> {
    const rows = await this.db
      .select({ ...SUMMARY_COLUMNS, total: totalRows })
      .from(apiKeys)
      .orderBy(...CREATION_ORDER)
      .limit(page.limit)
      .offset(page.offset);
    // Past the last page there is no row to carry the total.
    const total = rows[0]?.total ?? (await this.db.$count(apiKeys));
    return { items: rows.map(({ total: _total, ...key }) => key), total, ...page };
  }

  /** Every key, for the CLI's listing. */
  listAll(): Promise<ApiKeySummary[]> {
    return this.db
      .select(SUMMARY_COLUMNS)
      .from(apiKeys)
      .orderBy(...CREATION_ORDER);
  }

  /**
   * Revokes a key by id and tells every instance to stop accepting it; undefined when no
   * unrevoked key has that id. With `keepAnAdmin`, the last active admin key is not revoked
   * (`LastAdminKeyError`): over the API that would leave nobody able to manage keys.
   */
  async revoke(
    id: string,
    { keepAnAdmin = false }: { keepAnAdmin?: boolean } = {},
  ): Promise<ApiKeySummary | undefined> {
    if (!isUuid(id)) return undefined;
    const revoked = await this.db.transaction(async (tx) => {
      // Two admins revoking each other's keys at once: one after the other, so one key stays.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMIN_KEYS_LOCK_ID})`);
      const now = new Date();
      const [row] = await tx
        .update(apiKeys)
        .set({ revoked_at: now, updated_at: now })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revoked_at)))
        .returning(SUMMARY_COLUMNS);
      if (keepAnAdmin && row?.role === 'admin' && (await activeAdminCount(tx)) === 0) {
        throw new LastAdminKeyError(id);
      }
      return row;
    });
    if (revoked) this.revocations.announce(revoked.id);
    return revoked;
  }

  /** The caller a key stands for (by the key's hash), if it was issued and is not revoked. */
  async findActive(keyHash: string): Promise<Principal | undefined> {
    const [row] = await this.db
      .select({ keyId: apiKeys.id, user: apiKeys.user_name, role: apiKeys.role })
      .from(apiKeys)
      .where(and(eq(apiKeys.key_hash, keyHash), isNull(apiKeys.revoked_at)))
      .limit(1);
    return row;
  }

  private async insert(db: Database, request: NewApiKey, key: string): Promise<CreatedApiKey> {
    const [row] = await db
      .insert(apiKeys)
      .values({
        name: request.name,
        user_name: request.user ?? request.name,
        role: request.role,
        key_hash: hashOfApiKey(key),
        prefix: shownPrefixOf(key),
      })
      .returning(SUMMARY_COLUMNS);
    return { ...row, key };
  }
}

function activeAdminCount(db: Database): Promise<number> {
  return db.$count(apiKeys, and(eq(apiKeys.role, 'admin'), isNull(apiKeys.revoked_at)));
}
