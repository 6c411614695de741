import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { type RunStatus, runs } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { isUuid } from '../../database/uuid';
import { type TokenUsage } from '../../providers/model-provider.contract';

export type RunRow = typeof runs.$inferSelect;

export interface NewRun {
  sessionId: string;
  owner: string;
  idempotencyKey?: string;
  requestHash?: string;
}

export interface RunEnding {
  status: Exclude<RunStatus, 'running'>;
  stopReason: string | null;
  usage: TokenUsage;
  error?: { code: string; message: string };
}

/** The unique index that keeps a session to one running run. */
export const ONE_RUNNING_PER_SESSION = 'runs_one_running_per_session';

@Injectable()
export class RunsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** Inserts a running run; the database refuses a second running run of one session. */
  async insertRunning(run: NewRun): Promise<RunRow> {
    const [row] = await this.transactions.db
      .insert(runs)
      .values({
        session_id: run.sessionId,
        owner: run.owner,
        idempotency_key: run.idempotencyKey,
        request_hash: run.requestHash,
      })
      .returning();
    return row;
  }

  async findOwned(id: string, owner: string): Promise<RunRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.transactions.db
      .select()
      .from(runs)
      .where(and(eq(runs.id, id), eq(runs.owner, owner)));
    return row;
  }

  async findRunning(sessionId: string): Promise<RunRow | undefined> {
    const [row] = await this.transactions.db
      .select()
      .from(runs)
      .where(and(eq(runs.session_id, sessionId), eq(runs.status, 'running')));
    return row;
  }

  async findByIdempotencyKey(owner: string, key: string): Promise<RunRow | undefined> {
    const [row] = await this.transactions.db
      .select()
      .from(runs)
      .where(and(eq(runs.owner, owner), eq(runs.idempotency_key, key)));
    return row;
  }

  /** Records how a running run ended; a run that already ended is left as it is. */
  async finish(id: string, ending: RunEnding): Promise<RunRow | undefined> {
    const [row] = await this.transactions.db
      .update(runs)
      .set({
        status: ending.status,
        stop_reason: ending.stopReason,
        input_tokens: ending.usage.input_tokens,
        output_tokens: ending.usage.output_tokens,
        error: ending.error ?? null,
        finished_at: sql`now()`,
      })
      .where(and(eq(runs.id, id), eq(runs.status, 'running')))
      .returning();
    return row;
  }

  /** Runs left `running` by a process that is gone. */
  listRunning(): Promise<RunRow[]> {
    return this.transactions.db.select().from(runs).where(eq(runs.status, 'running'));
  }
}
