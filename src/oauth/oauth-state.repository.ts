import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { oauthState } from '../database/schema';
import { Transactions } from '../database/transactions';

type Payload = Record<string, unknown>;

/** A grant as stored: the authorization server's payload, and when it was made and lapses. */
export interface StoredGrant {
  id: string;
  payload: Payload;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
}

/** How stale a grant's `last_used_at` may get: it is written at most this often per grant. */
export const LAST_USED_RESOLUTION_SECONDS = 60;

/** Rows not yet expired: the others read as absent until they are purged. */
const inForce = or(isNull(oauthState.expires_at), gt(oauthState.expires_at, sql`now()`));

/** The rows of the authorization server's models; expired ones read as absent. */
@Injectable()
export class OAuthStateRepository {
  constructor(private readonly transactions: Transactions) {}

  async upsert(model: string, id: string, payload: Payload, expiresAt?: Date): Promise<void> {
    const row = {
      payload,
      grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expires_at: expiresAt ?? null,
    };
    await this.transactions.db
      .insert(oauthState)
      .values({ model, id, ...row })
      .onConflictDoUpdate({ target: [oauthState.model, oauthState.id], set: row });
  }

  async find(model: string, id: string): Promise<Payload | undefined> {
    return this.findWhere(model, eq(oauthState.id, id));
  }

  async findByUid(model: string, uid: string): Promise<Payload | undefined> {
    return this.findWhere(model, eq(oauthState.uid, uid));
  }

  /** Marks a single-use object used; the authorization server refuses it from then on. */
  async consume(model: string, id: string): Promise<void> {
    await this.transactions.db
      .update(oauthState)
      .set({ consumed_at: sql`now()` })
      .where(and(eq(oauthState.model, model), eq(oauthState.id, id)));
  }

  async destroy(model: string, id: string): Promise<void> {
    await this.transactions.db
      .delete(oauthState)
      .where(and(eq(oauthState.model, model), eq(oauthState.id, id)));
  }

  /** Deletes a grant's codes and tokens, of every model. */
  async destroyGrant(grantId: string): Promise<void> {
    await this.transactions.db.delete(oauthState).where(eq(oauthState.grant_id, grantId));
  }

  /**
   * When a grant in force was last used (`null`: not yet); `undefined` when it is revoked or
   * lapsed, so its access tokens are refused.
   */
  async grantLastUsed(grantId: string): Promise<Date | null | undefined> {
    const [row] = await this.transactions.db
      .select({ last_used_at: oauthState.last_used_at })
      .from(oauthState)
      .where(and(eq(oauthState.model, 'Grant'), eq(oauthState.id, grantId), inForce));
    return row ? row.last_used_at : undefined;
  }

  /**
   * Notes that a grant is being used now, unless that was noted within the resolution already:
   * the condition is in the update, so instances racing on one grant write it once.
   */
  async touchGrant(grantId: string): Promise<void> {
    await this.transactions.db
      .update(oauthState)
      .set({ last_used_at: sql`now()` })
      .where(
        and(
          eq(oauthState.model, 'Grant'),
          eq(oauthState.id, grantId),
          or(
            isNull(oauthState.last_used_at),
            lt(
              oauthState.last_used_at,
              sql`now() - make_interval(secs => ${LAST_USED_RESOLUTION_SECONDS})`,
            ),
          ),
        ),
      );
  }

  /** Keeps a client that has been granted access: only unused registrations expire. */
  async keepClient(clientId: string): Promise<void> {
    await this.transactions.db
      .update(oauthState)
      .set({ expires_at: null })
      .where(and(eq(oauthState.model, 'Client'), eq(oauthState.id, clientId)));
  }

  /** The grants in force, newest first; only `user`'s when given. */
  async listGrants(user?: string): Promise<StoredGrant[]> {
    const rows = await this.transactions.db
      .select({
        id: oauthState.id,
        payload: oauthState.payload,
        created_at: oauthState.created_at,
        expires_at: oauthState.expires_at,
        last_used_at: oauthState.last_used_at,
      })
      .from(oauthState)
      .where(
        and(
          eq(oauthState.model, 'Grant'),
          inForce,
          user === undefined ? undefined : sql`${oauthState.payload}->>'accountId' = ${user}`,
        ),
      )
      .orderBy(desc(oauthState.created_at));
    return rows;
  }

  /** A grant and everything issued under it, gone for every instance at once. */
  async deleteGrant(grantId: string): Promise<void> {
    await this.transactions.db
      .delete(oauthState)
      .where(
        or(
          eq(oauthState.grant_id, grantId),
          and(eq(oauthState.model, 'Grant'), eq(oauthState.id, grantId)),
        ),
      );
  }

  /**
   * Deletes what no request can use any more: expired rows (codes, interactions, sessions,
   * unused registrations, grants, refresh tokens), and what belonged to a grant that is gone
   * (the refresh tokens of a grant that lapsed before them). How many rows it deleted.
   */
  async purgeExpired(): Promise<number> {
    const db = this.transactions.db;
    const expired = await db
      .delete(oauthState)
      .where(lt(oauthState.expires_at, sql`now()`))
      .returning({ id: oauthState.id });
    const orphaned = await db
      .delete(oauthState)
      .where(
        and(
          isNotNull(oauthState.grant_id),
          ne(oauthState.model, 'Grant'),
          sql`not exists (select 1 from ${oauthState} as grants
            where grants.model = 'Grant' and grants.id = ${oauthState.grant_id})`,
        ),
      )
      .returning({ id: oauthState.id });
    return expired.length + orphaned.length;
  }

  private async findWhere(
    model: string,
    match: ReturnType<typeof eq>,
  ): Promise<Payload | undefined> {
    const [row] = await this.transactions.db
      .select({ payload: oauthState.payload, consumed_at: oauthState.consumed_at })
      .from(oauthState)
      .where(and(eq(oauthState.model, model), match, inForce));
    if (!row) return undefined;
    // The server reads `consumed` as a timestamp in seconds, and refuses what has one.
    return row.consumed_at
      ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
      : row.payload;
  }
}
