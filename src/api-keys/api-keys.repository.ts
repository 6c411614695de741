import { Injectable } from '@nestjs/common';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type ApiKeyRole, apiKeys } from '../database/schema';
import { totalRows } from '../database/total-rows';
import { Transactions } from '../database/transactions';

/** A key as it is shown: never its hash. */
export interface ApiKeySummary {
  id: string;
  name: string;
  user: string;
  role: ApiKeyRole;
  prefix: string;
  created_at: Date;
  revoked_at: Date | null;
}

/** What an insert stores of a key: its owner, its role and its hash. */
export interface ApiKeyRecord {
  name: string;
  user_name: string;
  role: ApiKeyRole;
  key_hash: string;
  prefix: string;
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

/** The stored API keys, read and written in the current unit of work. */
@Injectable()
export class ApiKeysRepository {
  constructor(private readonly transactions: Transactions) {}

  async insert(record: ApiKeyRecord): Promise<ApiKeySummary> {
    const [row] = await this.transactions.db
      .insert(apiKeys)
      .values(record)
      .returning(SUMMARY_COLUMNS);
    return row;
  }

  /** Whether any key was ever issued, revoked ones included. */
  async anyIssued(): Promise<boolean> {
    const [row] = await this.transactions.db.select({ id: apiKeys.id }).from(apiKeys).limit(1);
    return row !== undefined;
  }

  /** A page of keys in the order they were issued, and how many there are. */
  async page(limit: number, offset: number): Promise<{ rows: ApiKeySummary[]; total: number }> {
    const db = this.transactions.db;
    const rows = await db
      .select({ ...SUMMARY_COLUMNS, total: totalRows })
      .from(apiKeys)
      .orderBy(...CREATION_ORDER)
      .limit(limit)
      .offset(offset);
    // Past the last page there is no row to carry the total.
    const total = rows[0]?.total ?? (await db.$count(apiKeys));
    return { rows: rows.map(({ total: _total, ...key }) => key), total };
  }

  all(): Promise<ApiKeySummary[]> {
    return this.transactions.db
      .select(SUMMARY_COLUMNS)
      .from(apiKeys)
      .orderBy(...CREATION_ORDER);
  }

  /** Revokes the key if it is active; undefined when no active key has that id. */
  async revokeActive(id: string, now: Date): Promise<ApiKeySummary | undefined> {
    const [row] = await this.transactions.db
      .update(apiKeys)
      .set({ revoked_at: now, updated_at: now })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revoked_at)))
      .returning(SUMMARY_COLUMNS);
    return row;
  }

  activeAdminCount(): Promise<number> {
    return this.transactions.db.$count(
      apiKeys,
      and(eq(apiKeys.role, 'admin'), isNull(apiKeys.revoked_at)),
    );
  }

  /** The owner and role of the active key with this hash. */
  async findActiveByHash(
    keyHash: string,
  ): Promise<{ keyId: string; user: string; role: ApiKeyRole } | undefined> {
    const [row] = await this.transactions.db
      .select({ keyId: apiKeys.id, user: apiKeys.user_name, role: apiKeys.role })
      .from(apiKeys)
      .where(and(eq(apiKeys.key_hash, keyHash), isNull(apiKeys.revoked_at)))
      .limit(1);
    return row;
  }

  /** Holds an advisory lock until the current unit of work ends. */
  async lock(lockId: number): Promise<void> {
    await this.transactions.db.execute(sql`SELECT pg_advisory_xact_lock(${lockId})`);
  }
}
