import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { apiKeys } from '../database/schema';
import { isUuid } from '../database/uuid';
import { type Principal } from './principal';

/** Keys look like `thk_<43 base64url characters>` (256 random bits). */
const KEY_PREFIX = 'thk_';
/** Characters kept in clear to tell keys apart in listings. */
const SHOWN_CHARACTERS = KEY_PREFIX.length + 6;

export interface ApiKeySummary {
  id: string;
  name: string;
  user_name: string;
  prefix: string;
  created_at: Date;
  revoked_at: Date | null;
}

export interface CreatedApiKey extends ApiKeySummary {
  /** The key itself; shown once, stored only as a hash. */
  key: string;
}

const SUMMARY_COLUMNS = {
  id: apiKeys.id,
  name: apiKeys.name,
  user_name: apiKeys.user_name,
  prefix: apiKeys.prefix,
  created_at: apiKeys.created_at,
  revoked_at: apiKeys.revoked_at,
};

/** API keys, each a user's: issued by the CLI, stored as SHA-256 hashes, revocable, checked on every request. */
@Injectable()
export class ApiKeysService {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Issues a key for `user`; without one, the key's name is its user. */
  async create(name: string, user: string = name): Promise<CreatedApiKey> {
    const key = KEY_PREFIX + randomBytes(32).toString('base64url');
    const [row] = await this.db
      .insert(apiKeys)
      .values({
        name,
        user_name: user,
        key_hash: hashOf(key),
        prefix: key.slice(0, SHOWN_CHARACTERS),
      })
      .returning(SUMMARY_COLUMNS);
    return { ...row, key };
  }

  list(): Promise<ApiKeySummary[]> {
    return this.db.select(SUMMARY_COLUMNS).from(apiKeys).orderBy(asc(apiKeys.created_at));
  }

  /** Revokes a key by id; false when no unrevoked key has that id. */
  async revoke(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const revoked = await this.db
      .update(apiKeys)
      .set({ revoked_at: new Date(), updated_at: new Date() })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revoked_at)))
      .returning({ id: apiKeys.id });
    return revoked.length > 0;
  }

  /** The caller a key stands for, if it was issued and is not revoked. */
  async verify(key: string): Promise<Principal | undefined> {
    if (!key.startsWith(KEY_PREFIX)) return undefined;
    const [row] = await this.db
      .select({ keyId: apiKeys.id, user: apiKeys.user_name, role: apiKeys.role })
      .from(apiKeys)
      .where(and(eq(apiKeys.key_hash, hashOf(key)), isNull(apiKeys.revoked_at)))
      .limit(1);
    return row;
  }
}

// A fast hash is enough: the keys carry 256 random bits, so there is nothing to brute-force.
function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
