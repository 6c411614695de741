import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { DATABASE, type Database } from '../database/database';
import { Transactions } from '../database/transactions';
import { AuditConfig } from './audit.config';
import { type AuditEntry, hashOf, rowOf } from './audit-entry';
import { type AuditEvent } from './audit-event';
import { AuditLogRepository } from './audit-log.repository';
import { GroupCommit } from './group-commit';

/**
 * Entries waiting for their batch beyond which `queue` waits for the write: the log is written at
 * the pace of the calls it records, and a database that falls behind slows the calls down
 * rather than filling the memory.
 */
const MAX_BACKLOG = 5000;

/** An entry before the chain gives it its place: everything but `seq` and the hashes. */
type Draft = Omit<AuditEntry, 'seq' | 'prev_hash' | 'hash'>;

/**
 * Appends to the audit log. Every append locks the chain head row (`FOR UPDATE`) in its
 * transaction, takes the next `seq` and the last hash from it, and moves it; the lock is held
 * until that transaction commits, so appends from every instance sharing the database form one
 * chain, and a `seq` becomes visible only after every smaller one.
 *
 * Inside a unit of work, an event is appended in it: the entry commits or rolls back with the
 * change it records. Outside one (a tool call), events are appended in batches of their own
 * (`GroupCommit`): the lock is taken once per batch, and each caller waits for its batch.
 */
@Injectable()
export class AuditTrail implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Audit');
  // On the database itself, not through `Transactions.run`: its async context, enabled while a
  // unit of work runs, would slow every request of the process while batches are written.
  private readonly batches = new GroupCommit<Draft>((drafts) =>
    this.db.transaction((tx) => this.append(drafts, tx)),
  );

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly transactions: Transactions,
    private readonly log: AuditLogRepository,
    private readonly config: AuditConfig,
  ) {}

  /** Records `event`; resolves once it is written (or, in a unit of work, will commit with it). */
  record(event: AuditEvent): Promise<void> {
    if (!this.config.AUDIT_LOG) return Promise.resolve();
    const draft = draftOf(event);
    return this.transactions.inUnitOfWork
      ? this.append([draft], this.transactions.db)
      : this.batches.add(draft);
  }

  /**
   * Records `event` written after its own work, outside a unit of work (a tool call): resolves
   * once it is queued for the next batch, or once written when `MAX_BACKLOG` entries wait. A
   * write that fails is logged: the work it records is done.
   */
  queue(event: AuditEvent): Promise<void> {
    if (!this.config.AUDIT_LOG) return Promise.resolve();
    const written = this.batches.add(draftOf(event)).catch((error: unknown) => {
      this.logger.error({ err: error, type: event.type }, 'An audit entry was not written');
    });
    return this.batches.backlog > MAX_BACKLOG ? written : Promise.resolve();
  }

  /**
   * Settles once every entry this instance queued so far is written: a reader of the log waits
   * for it, so what this instance did is in what it reads.
   */
  written(): Promise<void> {
    return this.batches.flushed();
  }

  /** Entries still being written are written before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.batches.flushed();
  }

  private async append(drafts: Draft[], db: Database): Promise<void> {
    const head = await this.log.lockHead(db);
    let seq = head.last_seq;
    let prevHash = head.last_hash;
    const rows = drafts.map((draft) => {
      const unhashed = { ...draft, seq: ++seq, prev_hash: prevHash };
      prevHash = hashOf(unhashed);
      return rowOf({ ...unhashed, hash: prevHash });
    });
    await this.log.append(rows, { last_seq: seq, last_hash: prevHash }, db);
  }
}

function draftOf(event: AuditEvent): Draft {
  const { actor } = event;
  return {
    id: randomUUID(),
    at: new Date().toISOString(),
    type: event.type,
    user: actor.user,
    ...(actor.keyId === undefined ? {} : { key_id: actor.keyId }),
    ...(actor.oauthClientId === undefined ? {} : { oauth_client_id: actor.oauthClientId }),
    ...(event.transport === undefined ? {} : { transport: event.transport }),
    ...(event.target === undefined ? {} : { target: event.target }),
    outcome: event.outcome ?? 'ok',
    ...(event.errorCode === undefined ? {} : { error_code: event.errorCode }),
    ...(event.durationMs === undefined ? {} : { duration_ms: event.durationMs }),
    // As the database will give it back, so the hash taken now is the one a reader takes.
    details: event.details
      ? (JSON.parse(JSON.stringify(event.details)) as Record<string, unknown>)
      : {},
  };
}
